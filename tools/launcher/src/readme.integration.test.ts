import fs from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './config';
import { envTable } from './docs/envTable';
import { readmeTable } from './docs/readmeTables';
import { SERVICES, documentedSchemas } from './docs/serviceSchemas';

// The README's configuration tables are the code's schemas, row for row. After changing a schema,
// `npm run docs:env` rewrites them.

let readme: string;

beforeAll(async () => {
  readme = await fs.readFile(path.join(repoRoot, 'README.md'), 'utf8');
});

it('starts with the two commands a new developer needs', () => {
  expect(readme).toContain('npm install && npm start');
  expect(readme).toMatch(/^npm test$/m);
});

it('documents every service there is', async () => {
  const entries = await fs.readdir(path.join(repoRoot, 'services'), { withFileTypes: true });
  const onDisk = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  expect([...SERVICES].sort()).toEqual(onDisk.sort());
});

describe.each(documentedSchemas())('the table of $name', ({ name, schema }) => {
  it('lists exactly the variables of its schema, with their defaults and meanings (npm run docs:env)', () => {
    expect(readmeTable(readme, name)).toBe(envTable(schema()));
  });
});
