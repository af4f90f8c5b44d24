import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './support/repo';
import { SERVICES, requiredVariables, serviceSchema } from './support/schemas';

// A service started with a wrong environment must not half-run: exit 1, naming every bad variable.

function runService(
  service: string,
  env: NodeJS.ProcessEnv,
): Promise<{ exit: { code: number | null; signal: NodeJS.Signals | null }; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'services', service, 'dist', 'main.js')], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${service} still running after 15 s with a bad environment:\n${stderr}`));
    }, 15_000);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ exit: { code, signal }, stderr });
    });
  });
}

it.each(SERVICES)('%s exits 1 naming every bad and every missing variable', async (service) => {
  // Nothing inherited, so every required variable is missing, plus two wrong values.
  const { exit, stderr } = await runService(service, { PATH: process.env.PATH, PORT: 'abc', LOG_LEVEL: 'loud' });
  expect({ ...exit, stderr }).toEqual({ code: 1, signal: null, stderr: expect.stringContaining('invalid environment') });
  const named = [...stderr.matchAll(/^\s+- ([A-Z0-9_]+):/gm)].map((m) => m[1]).sort();
  expect(named).toEqual(['LOG_LEVEL', 'PORT', ...requiredVariables(serviceSchema(service))].sort());
});

it.each(['config-service', 'accounts-api', 'loader'])(
  '%s on a Redis Cluster exits 1 when QUEUE_PREFIX has no hash tag, without printing the Redis password',
  async (service) => {
    const { exit, stderr } = await runService(service, {
      PATH: process.env.PATH,
      REDIS_URL: 'redis://:cluster-s3cret@redis-0:6379',
      REDIS_CLUSTER_NODES: 'redis-0:6379,redis-1:6379',
      QUEUE_PREFIX: 'datasync',
    });
    expect(exit).toEqual({ code: 1, signal: null });
    expect(stderr).toContain('QUEUE_PREFIX: must hold a Redis Cluster hash tag, such as {datasync}, when REDIS_CLUSTER_NODES is set');
    expect(stderr).not.toContain('cluster-s3cret');
  },
);
