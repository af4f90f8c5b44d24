import { accessSync, constants, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config';

/** The list .ci/setup installs from, so `npm test` and CI never disagree on what the tests use. */
export const PACKAGE_LIST = path.join(repoRoot, '.ci', 'packages');
export const SETUP_SCRIPT = path.join(repoRoot, '.ci', 'setup');

export interface RequiredPackage {
  /** The Debian package. */
  name: string;
  /** A program looked up on PATH, or an absolute path whose folders may hold one `*`. */
  probe: string;
}

export function parsePackageList(text: string): RequiredPackage[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [name, probe] = line.split(/\s+/);
      if (!name || !probe) throw new Error(`${PACKAGE_LIST}: "${line}" is not "<package> <program or path>"`);
      return { name, probe };
    });
}

export function readPackageList(file = PACKAGE_LIST): RequiredPackage[] {
  return parsePackageList(readFileSync(file, 'utf8'));
}

/** Whether the package's program is there, looking on `searchPath` (plus the sbin folders Debian keeps daemons in). */
export function isInstalled(pkg: RequiredPackage, searchPath: string): boolean {
  if (path.isAbsolute(pkg.probe)) return matchesExecutable(pkg.probe);
  const dirs = [...searchPath.split(path.delimiter), '/usr/sbin', '/usr/local/sbin'].filter(Boolean);
  return dirs.some((dir) => isExecutable(path.join(dir, pkg.probe)));
}

/** `/usr/lib/postgresql/*\/bin/postgres`: a `*` stands for any one folder name, as in bash's globs. */
function matchesExecutable(pattern: string): boolean {
  const [first, ...rest] = pattern.split('/').slice(1);
  const walk = (dir: string, segment: string | undefined, remaining: string[]): boolean => {
    if (segment === undefined) return isExecutable(dir);
    const names = segment === '*' ? listDir(dir) : [segment];
    return names.some((name) => walk(path.join(dir, name), remaining[0], remaining.slice(1)));
  };
  return walk('/', first, rest);
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
