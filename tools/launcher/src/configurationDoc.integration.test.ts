import fs from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './config';
import { envTable } from './docs/envTable';
import { CONFIGURATION_DOC, documentedTable } from './docs/configurationTables';
import { SERVICES, documentedSchemas } from './docs/serviceSchemas';

// docs/configuration.md's tables are the code's schemas, row for row. After changing a schema,
// `npm run docs:env` rewrites them.

let doc: string;

beforeAll(async () => {
  doc = await fs.readFile(path.join(repoRoot, CONFIGURATION_DOC), 'utf8');
});

it('documents every service there is', async () => {
  const entries = await fs.readdir(path.join(repoRoot, 'services'), { withFileTypes: true });
  const onDisk = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  expect([...SERVICES].sort()).toEqual(onDisk.sort());
});

describe.each(documentedSchemas())('the table of $name', ({ name, schema }) => {
  it('lists exactly the variables of its schema, with their defaults and meanings (npm run docs:env)', () => {
    expect(documentedTable(doc, name)).toBe(envTable(schema()));
  });
});
