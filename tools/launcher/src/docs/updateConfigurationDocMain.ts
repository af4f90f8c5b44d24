import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config';
import { CONFIGURATION_DOC, withCurrentTables } from './configurationTables';
import { documentedSchemas } from './serviceSchemas';

// `npm run docs:env`: rewrites the configuration tables of docs/configuration.md from the built
// config schemas, after a change to any of them (configurationDoc.integration.test.ts fails until then).
const file = path.join(repoRoot, CONFIGURATION_DOC);
const before = fs.readFileSync(file, 'utf8');
const after = withCurrentTables(before, documentedSchemas('dist'));
fs.writeFileSync(file, after);
process.stdout.write(before === after ? `${CONFIGURATION_DOC} tables already current\n` : `${CONFIGURATION_DOC} tables updated\n`);
