import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { inheritedEnv } from './config';

/** The full path of `program` on PATH (plus the sbin folders Debian keeps daemons in), or undefined. */
export function findOnPath(program: string): string | undefined {
  const dirs = [...(inheritedEnv().PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    const candidate = path.join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; try the next folder
    }
  }
  return undefined;
}
