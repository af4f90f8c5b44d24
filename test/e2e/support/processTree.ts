import { readFileSync, readdirSync } from 'node:fs';

/** pid → parent pid of every process now, from /proc (Linux, where the tests run). */
function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) parents.set(Number(entry), stat.ppid);
  }
  return parents;
}

function readStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself hold spaces or parentheses.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: state ?? '?', ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** Every process below `root`, at any depth (services, Postgres and its backends, Redis…). */
export function descendants(root: number): number[] {
  const parents = parentsByPid();
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}

/** Running, or a zombie nobody reaped: both count as left behind. */
export function isAlive(pid: number): boolean {
  return readStat(pid) !== undefined;
}

/** A pid's command line, to say which process was left behind. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '(gone)';
  }
}
