import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { inheritedEnv } from './config';

/** The programs `npm start` and `npm test` run, each found the same way and named the same way when missing. */
export interface Program {
  /** What the program is called in messages. */
  name: string;
  /** The variable that gives its full path, checked before any search. */
  variable: string;
  /** Names it goes by on PATH (and in the sbin folders, where Debian keeps daemons), first match wins. */
  names: string[];
  /** Where it lives outside PATH on some systems (macOS application bundles). */
  knownPaths?: string[];
  /** How to install it: the Debian/Ubuntu package and the Homebrew formula. */
  apt: string;
  brew: string;
}

export const PROGRAMS = {
  redisServer: { name: 'redis-server', variable: 'REDIS_SERVER_PATH', names: ['redis-server'], apt: 'redis-server', brew: 'redis' },
  mariadbd: { name: 'mariadbd', variable: 'MARIADBD_PATH', names: ['mariadbd', 'mysqld'], apt: 'mariadb-server', brew: 'mariadb' },
  chromium: {
    name: 'Chromium',
    variable: 'CHROMIUM_PATH',
    // Debian's package, Ubuntu's (a snap behind chromium-browser), or Google Chrome.
    names: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'],
    knownPaths: ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
    apt: 'chromium',
    brew: '--cask chromium',
  },
  promtool: { name: 'promtool', variable: 'PROMTOOL_PATH', names: ['promtool'], apt: 'prometheus', brew: 'prometheus' },
  prometheus: { name: 'prometheus', variable: 'PROMETHEUS_PATH', names: ['prometheus'], apt: 'prometheus', brew: 'prometheus' },
} as const satisfies Record<string, Program>;

/** Raised when a program the launcher needs is not installed; its message says how to fix it. */
export class MissingProgramError extends Error {}

/**
 * The program's full path: its variable when set (a path that is not executable is an error,
 * never silently replaced), else the first of its names on PATH or in sbin, else a known path.
 */
export function findProgram(program: Program, env: NodeJS.ProcessEnv = inheritedEnv()): string | undefined {
  const given = env[program.variable];
  if (given) {
    if (!isExecutable(given)) throw new MissingProgramError(`${program.variable}=${given} is not an executable file`);
    return given;
  }
  const dirs = searchDirs(env.PATH ?? '');
  for (const name of program.names) {
    const found = dirs.map((dir) => path.join(dir, name)).find(isExecutable);
    if (found) return found;
  }
  return program.knownPaths?.find(isExecutable);
}

/**
 * Like findProgram, but a missing program is a MissingProgramError that says how to install it;
 * `alternative` is another way out (a URL variable that points at a running server instead).
 */
export function requireProgram(program: Program, env: NodeJS.ProcessEnv = inheritedEnv(), alternative?: string): string {
  const found = findProgram(program, env);
  if (found) return found;
  throw new MissingProgramError(`${program.name} is not installed: ${installHint(program, process.platform, alternative)}`);
}

/** `apt-get install …` on Linux, `brew install …` on macOS, then the variables that point elsewhere. */
export function installHint(program: Program, platform: NodeJS.Platform, alternative?: string): string {
  const install = platform === 'darwin' ? `brew install ${program.brew}` : `sudo apt-get install ${program.apt}`;
  return `${install} (or set ${program.variable} to its path${alternative ? `, or ${alternative}` : ''})`;
}

/** PATH, then the sbin folders, which a normal user's PATH lacks on Debian. */
function searchDirs(searchPath: string): string[] {
  return [...searchPath.split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/opt/homebrew/sbin'].filter(Boolean);
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
