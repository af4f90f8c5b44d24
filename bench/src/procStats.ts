import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU time (user + system) a process has used so far, from /proc, in seconds. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the parenthesised command name; utime and stime are fields 14 and 15
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** CPU time of the whole machine so far from /proc/stat, in seconds summed over cores: busy and total. */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, n) => sum + n, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  return { busy: (total - idle) / clockTicks, total: total / clockTicks };
}
