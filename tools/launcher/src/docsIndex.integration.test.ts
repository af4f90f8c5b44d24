import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './config';

// docs/README.md is the index of docs/: a document added without a line there, or a line whose
// file is gone, fails here.

const docs = path.join(repoRoot, 'docs');
const index = readFileSync(path.join(docs, 'README.md'), 'utf8');
const linked = [...index.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] ?? '');

it('lists every document of docs/', () => {
  const documents = readdirSync(docs).filter((name) => name.endsWith('.md') && name !== 'README.md');
  expect(documents.filter((name) => !linked.includes(name))).toEqual([]);
});

it('links only files that exist', () => {
  expect(linked.filter((target) => !existsSync(path.join(docs, target)))).toEqual([]);
});
