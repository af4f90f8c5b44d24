import { readFileSync } from 'node:fs';
import { waitFor } from '@datasync/testing';
import { ProcessGroup, type ExitStatus, type ManagedChild } from './processes';
import { inheritedEnv } from './config';

// Real child processes: the launcher's promise of "no orphan process" rests on this class.

const node = (script: string, name = 'child') => ({
  name,
  command: process.execPath,
  args: ['-e', script],
  env: inheritedEnv(),
});

/** Running, not merely a zombie: a killed orphan stays one until whatever adopted it reaps it. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) state …"; Z is a zombie.
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

function collect() {
  const lines: string[] = [];
  const unexpected: { name: string; status: ExitStatus }[] = [];
  const group = new ProcessGroup(
    (name, line) => lines.push(`${name}: ${line}`),
    (child: ManagedChild, status) => unexpected.push({ name: child.spec.name, status }),
  );
  return { group, lines, unexpected };
}

it('kills a child that ignores its stop signal once the grace period is over', async () => {
  const { group, lines } = collect();
  const child = group.start(node("process.on('SIGTERM', () => console.log('ignored')); console.log('ready'); setInterval(() => {}, 1000)"));
  await waitFor(() => lines.includes('child: ready'), { description: 'the child to start' });
  const started = Date.now();
  const status = await child.stop(500);
  expect(status).toEqual({ code: null, signal: 'SIGKILL' });
  expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  expect(lines).toContain('child: ignored');
});

it('takes what the child started along with it', async () => {
  const { group, lines } = collect();
  const child = group.start({ name: 'sh', command: 'sh', args: ['-c', 'sleep 300 & echo "grandchild $!"; wait'], env: inheritedEnv() });
  const line = await waitFor(() => lines.find((l) => l.startsWith('sh: grandchild ')), { description: 'the grandchild pid' });
  const grandchild = Number(line.split(' ').at(-1));
  expect(alive(grandchild)).toBe(true);
  await group.stop([child], 5_000);
  await waitFor(() => !alive(grandchild), { description: `grandchild ${grandchild} to be gone`, timeoutMs: 10_000 });
});

it('prefixes whole lines, however the child chunks its output', async () => {
  const { group, lines } = collect();
  const child = group.start(
    node(
      "process.stdout.write('par'); setTimeout(() => { process.stdout.write('tial\\nsecond\\n'); console.error('to stderr'); }, 50)",
      'chunky',
    ),
  );
  await child.exited;
  await waitFor(() => lines.length >= 3, { description: 'three lines' });
  expect(lines.sort()).toEqual(['chunky: partial', 'chunky: second', 'chunky: to stderr']);
});

it('reports a child that exits on its own, but not one it was asked to stop', async () => {
  const { group, unexpected } = collect();
  const crashing = group.start(node('process.exit(3)', 'crashing'));
  const stopped = group.start(node('setInterval(() => {}, 1000)', 'stopped'));
  await crashing.exited;
  await group.stop([stopped], 5_000);
  await waitFor(() => unexpected.length > 0, { description: 'the crash report' });
  expect(unexpected).toEqual([{ name: 'crashing', status: { code: 3, signal: null } }]);
});

it('reports a program that does not exist as exit 127, without signalling anything', async () => {
  const { group, lines } = collect();
  const child = group.start({ name: 'missing', command: '/nonexistent/program', args: [], env: inheritedEnv() });
  expect(child.pid).toBeUndefined();
  expect(await child.stop(100)).toEqual({ code: 127, signal: null });
  expect(lines.join('\n')).toContain('could not start /nonexistent/program');
});

it('refuses to start anything once closed, so a shutdown cannot be outrun', () => {
  const { group } = collect();
  group.close();
  expect(() => group.start(node('0', 'late'))).toThrow('not starting late: shutting down');
});
