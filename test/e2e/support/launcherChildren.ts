import { readFileSync } from 'node:fs';
import { commandLine, descendants } from './processTree';

/** One environment variable of a running process, from /proc (Linux, where the tests run). */
function environmentOf(pid: number, name: string): string | undefined {
  try {
    const entry = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((line) => line.startsWith(`${name}=`));
    return entry?.slice(name.length + 1);
  } catch {
    return undefined;
  }
}

/** The launcher's child running `services/<service>` on `port` (loaders share a command line, not a PORT). */
export function servicePid(launcherPid: number, service: string, port: number): number | undefined {
  return descendants(launcherPid).find(
    (pid) => commandLine(pid).includes(`services/${service}/dist/main.js`) && environmentOf(pid, 'PORT') === String(port),
  );
}

/** The launcher's redis-server child on `port`. */
export function redisPid(launcherPid: number, port: number): number | undefined {
  return descendants(launcherPid).find((pid) => commandLine(pid).includes(`redis-server 127.0.0.1:${port}`));
}
