import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config';
import { withCurrentTables } from './readmeTables';
import { documentedSchemas } from './serviceSchemas';

// `npm run docs:env`: rewrites the README's configuration tables from the built config schemas,
// after a change to any of them (readme.integration.test.ts fails until then).
const file = path.join(repoRoot, 'README.md');
const before = fs.readFileSync(file, 'utf8');
const after = withCurrentTables(before, documentedSchemas('dist'));
fs.writeFileSync(file, after);
process.stdout.write(before === after ? 'README.md tables already current\n' : 'README.md tables updated\n');
