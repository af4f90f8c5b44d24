import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './config';

// What the code relies on is written down in this repository: a comment or document citing a design
// note kept elsewhere (a "DESIGN §n", a path into ../shared) would point at nothing for a reader of
// the repository, and so would a comment naming a docs/ file that is not there.

const SCANNED_FOLDERS = ['libs', 'services', 'tools', 'test', 'bench', 'deploy', 'docs'];
const SCANNED_ROOT_FILES = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', 'docker-compose.yml', 'eslint.config.mjs', 'jest.config.ts'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'results', '.data']);
const SOURCE_FILE = /\.(ts|js|mjs|cjs|md|ya?ml|json|sh|html|css)$|^Dockerfile$/;

/** Outside documents: the design note by its name, or any path into the folder beside the repository. */
const OUTSIDE_CITATION = new RegExp(['\\bDES' + 'IGN\\b', '\\.\\./sha' + 'red\\b', '/work/sha' + 'red\\b'].join('|'));
/** `docs/<name>.md` where it is not part of a longer path (`deploy/docs/…` would be another folder). */
const DOCS_REFERENCE = /(?<![\w./-])docs\/([\w.-]+\.md)/g;

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(repoRoot, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) found.push(...sourceFiles(relative));
    else if (entry.isFile() && SOURCE_FILE.test(entry.name)) found.push(relative);
  }
  return found;
}

const self = path.relative(repoRoot, __filename);
const files = [...SCANNED_FOLDERS.flatMap(sourceFiles), ...SCANNED_ROOT_FILES.filter((file) => existsSync(path.join(repoRoot, file)))]
  .filter((file) => file !== self)
  .map((file) => ({ file, lines: readFileSync(path.join(repoRoot, file), 'utf8').split('\n') }));

it('scans the sources and documents of the repository', () => {
  expect(files.length).toBeGreaterThan(500);
  expect(files.map((f) => f.file)).toEqual(expect.arrayContaining(['README.md', path.join('docs', 'architecture.md')]));
});

it('cites no document outside the repository', () => {
  const citing = files.flatMap(({ file, lines }) =>
    lines.flatMap((line, i) => (OUTSIDE_CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(citing).toEqual([]);
});

// Code only: the READMEs may link a document that a change under way adds.
it('points, in code and its comments, only at docs/ files that exist', () => {
  const code = files.filter(({ file }) => !file.endsWith('.md'));
  const references = code.flatMap(({ file, lines }) =>
    lines.flatMap((line, i) => [...line.matchAll(DOCS_REFERENCE)].map((match) => ({ at: `${file}:${i + 1}`, name: match[1] ?? '' }))),
  );
  expect(references.length).toBeGreaterThan(40);
  const missing = references
    .filter(({ name }) => !existsSync(path.join(repoRoot, 'docs', name)))
    .map(({ at, name }) => `${at}: docs/${name}`);
  expect(missing).toEqual([]);
});
