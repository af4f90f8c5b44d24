import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './config';

/** What a set of test files needs started or installed before jest runs them. */
export interface TestNeeds {
  postgres: boolean;
  redis: boolean;
  mariadb: boolean;
  chromium: boolean;
}

export type Tier = 'unit' | 'integration' | 'e2e';

export const NOTHING: Readonly<TestNeeds> = { postgres: false, redis: false, mariadb: false, chromium: false };

/** The jest project a file belongs to, from its name (jest.config.ts matches the same suffixes). */
export function tierOf(file: string): Tier | undefined {
  if (file.endsWith('.unit.test.ts')) return 'unit';
  if (file.endsWith('.integration.test.ts')) return 'integration';
  if (file.endsWith('.e2e.test.ts')) return 'e2e';
  return undefined;
}

/** Where a test reaches the MariaDB helpers or a browser, directly or through the test helpers it imports. */
const MARIADB = /\btestMysqlUrl\b/;
const BROWSER = /\blaunchBrowser\b/;

/**
 * Decided per file, without running it: unit tests need nothing; integration tests need Postgres
 * (the tier's global setup migrates the test database) and Redis, and MariaDB when they reach its
 * test helpers; end-to-end tests start whole systems and need every server, and Chromium when
 * they reach the browser helpers. A helper folder's index re-exports all its helpers, so a test
 * importing one may be counted as needing more than it uses: a server started for nothing, never
 * one missing.
 */
export function needsOf(files: readonly string[], read: (file: string) => string = readSource): TestNeeds {
  const needs = { ...NOTHING };
  const reaches = importWalker(read);
  for (const file of files) {
    const tier = tierOf(file);
    if (tier === 'integration' || tier === 'e2e') {
      needs.postgres = true;
      needs.redis = true;
    }
    if (tier === 'e2e' || (tier === 'integration' && !needs.mariadb && reaches(file, MARIADB))) needs.mariadb = true;
    if (tier === 'e2e' && !needs.chromium && reaches(file, BROWSER)) needs.chromium = true;
  }
  return needs;
}

/**
 * Whether `file` or a module it imports, transitively, matches `marker`. Followed: relative
 * imports and packages' test helpers (`@datasync/<lib>/testing`). Not followed: node_modules, the
 * libraries' main entries, where no test picks a server, and `@datasync/testing`, whose index
 * names every server: a test using its MariaDB URL names testMysqlUrl itself.
 */
function importWalker(read: (file: string) => string) {
  return (start: string, marker: RegExp): boolean => {
    const seen = new Set<string>();
    const queue = [start];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const source = read(file);
      if (marker.test(source)) return true;
      for (const specifier of importSpecifiers(source)) {
        const target = resolveSpecifier(file, specifier);
        if (target && !seen.has(target)) queue.push(target);
      }
    }
    return false;
  };
}

function importSpecifiers(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return resolveModule(path.resolve(path.dirname(from), specifier));
  const helpers = /^@datasync\/([a-z-]+)\/testing$/.exec(specifier);
  if (helpers) return resolveModule(path.join(repoRoot, 'libs', helpers[1]!, 'src', 'testing'));
  return undefined;
}

function resolveModule(base: string): string | undefined {
  return [`${base}.ts`, path.join(base, 'index.ts'), base].find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
}

function readSource(file: string): string {
  return readFileSync(file, 'utf8');
}
