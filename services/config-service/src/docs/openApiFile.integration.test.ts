import { serializeOpenApiDocument, type OpenApiDocument } from '@datasync/openapi';
import { staleGeneratedFile, validateOpenApiFile } from '@datasync/testing';
import { describeConfigService, OPENAPI_COMMAND, OPENAPI_FILE } from './describeApi';

// services/config-service/openapi.json: the document the routes make, valid OpenAPI 3.1.

let document: OpenApiDocument;

beforeAll(async () => {
  document = await describeConfigService();
});

describe('services/config-service/openapi.json', () => {
  it('is the document the routes make now', () => {
    expect(staleGeneratedFile(OPENAPI_FILE, serializeOpenApiDocument(document), OPENAPI_COMMAND)).toBeUndefined();
  });

  it('is valid OpenAPI 3.1 and describes every route, those of the resources and accounts included', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/signup', '/destinations', '/syncs/{name}/accounts', '/openapi.json']),
    );
    expect(await validateOpenApiFile(OPENAPI_FILE)).toEqual({ valid: true });
  });
});
