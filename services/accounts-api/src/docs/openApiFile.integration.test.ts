import { missingExamples, serializeOpenApiDocument, type OpenApiDocument } from '@datasync/openapi';
import { staleGeneratedFile, validateOpenApiFile } from '@datasync/testing';
import { describeAccountsApi, OPENAPI_COMMAND, OPENAPI_FILE } from './describeApi';

// services/accounts-api/openapi.json is what clients are generated from (clients/typescript):
// it must be the document the routes make, valid OpenAPI 3.1, with an example for every call.

let document: OpenApiDocument;

beforeAll(async () => {
  document = await describeAccountsApi();
});

describe('services/accounts-api/openapi.json', () => {
  it('is the document the routes make now', () => {
    expect(staleGeneratedFile(OPENAPI_FILE, serializeOpenApiDocument(document), OPENAPI_COMMAND)).toBeUndefined();
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await validateOpenApiFile(OPENAPI_FILE)).toEqual({ valid: true });
  });

  it('has a request example for every body and a response example for every successful JSON response', () => {
    expect(missingExamples(document)).toEqual([]);
  });
});
