import fs from 'node:fs';
import path from 'node:path';

// Test helpers live in a package's `src/testing/` folder (its `@datasync/<name>/testing` entry
// where other packages need them) or in this package; production code must never load them,
// nor a package the repository installs only for development (s3rver, supertest…), since a
// production install leaves those out and the import would fail at start.

/** Top folders whose packages ship code; bench and test/e2e are development code as a whole. */
const PACKAGE_ROOTS = ['libs', 'clients', 'services', 'tools'];
/** This package: every file of it is test support. */
const TESTING_PACKAGE = 'libs/testing';
/**
 * Development packages that a file may load all the same, because it is the command that runs
 * them in a development checkout: `npm test` (the launcher) starts jest.
 */
const DEVELOPMENT_COMMANDS: Record<string, readonly string[]> = {
  'tools/launcher/src/jestRun.ts': ['jest'],
};

export interface ImportViolation {
  file: string;
  specifier: string;
  reason: string;
}

/** Whether a repository-relative path is test code: a test, a testing folder, or this package. */
export function isTestCode(relativePath: string): boolean {
  const normalized = relativePath.split(path.sep).join('/');
  return /\.test\.ts$/.test(normalized) || normalized.startsWith(`${TESTING_PACKAGE}/`) || /\/src\/(.+\/)?testing\//.test(normalized);
}

/** Every TypeScript source under `<libs|clients|services|tools>/<package>/src`, repository-relative. */
export function sourceFiles(repoRoot: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(path.relative(repoRoot, full));
    }
  };
  for (const top of PACKAGE_ROOTS) {
    for (const pkg of fs.readdirSync(path.join(repoRoot, top))) {
      const src = path.join(repoRoot, top, pkg, 'src');
      if (fs.existsSync(src)) walk(src);
    }
  }
  return found.sort();
}

/** The module specifiers a source loads: static and dynamic imports, re-exports, require(.resolve). */
export function moduleSpecifiers(source: string): string[] {
  const pattern = /(?:\bfrom\s+|\bimport\s+|\bimport\s*\(\s*|\brequire(?:\.resolve)?\s*\(\s*)['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1] as string);
}

/** The package a bare specifier names (`@scope/name` or `name`), or undefined for a path. */
export function packageName(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Why a production file may not load `specifier`, or undefined when it may. */
export function forbiddenReason(file: string, specifier: string, devOnlyPackages: ReadonlySet<string>): string | undefined {
  if (specifier.startsWith('.')) {
    const target = path.join(path.dirname(file), specifier);
    if (isTestCode(target) || isTestCode(`${target}/`)) return 'a test helper of its package (src/testing)';
    return /testSupport/i.test(target) ? 'a test-support file' : undefined;
  }
  const name = packageName(specifier);
  if (name === '@datasync/testing') return '@datasync/testing, a devDependency';
  if (name?.startsWith('@datasync/') && specifier.slice(name.length) === '/testing') return 'a testing entry point';
  if (name && devOnlyPackages.has(name)) return `${name}, installed only for development`;
  return undefined;
}

/** Packages in the root devDependencies and not in its dependencies. */
export function devOnlyPackages(repoRoot: string): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const runtime = new Set(Object.keys(manifest.dependencies ?? {}));
  return new Set(Object.keys(manifest.devDependencies ?? {}).filter((name) => !runtime.has(name)));
}

/** Every import of test code or of a development-only package by a production file. */
export function productionImportViolations(repoRoot: string): ImportViolation[] {
  const devOnly = devOnlyPackages(repoRoot);
  const violations: ImportViolation[] = [];
  for (const file of sourceFiles(repoRoot).filter((f) => !isTestCode(f))) {
    for (const specifier of moduleSpecifiers(fs.readFileSync(path.join(repoRoot, file), 'utf8'))) {
      const allowed = DEVELOPMENT_COMMANDS[file.split(path.sep).join('/')] ?? [];
      const reason = allowed.includes(packageName(specifier) ?? '') ? undefined : forbiddenReason(file, specifier, devOnly);
      if (reason) violations.push({ file, specifier, reason });
    }
  }
  return violations;
}
