import path from 'node:path';
import { openApiTypescript, staleGeneratedFile } from '@datasync/testing';

// The client's types are generated from services/accounts-api/openapi.json, itself checked
// against the routes (services/accounts-api/src/docs/openApiFile.unit.test.ts).

const OPENAPI_FILE = path.resolve(__dirname, '../../../services/accounts-api/openapi.json');
const TYPES_FILE = path.resolve(__dirname, 'generated/accountsApi.ts');

describe('clients/typescript/src/generated/accountsApi.ts', () => {
  it("is what openapi-typescript makes of accounts-api's openapi.json now", async () => {
    expect(staleGeneratedFile(TYPES_FILE, await openApiTypescript(OPENAPI_FILE), 'npm run openapi')).toBeUndefined();
  });
});
