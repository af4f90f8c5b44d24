import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Redis } from 'ioredis';
import type { RedisSettings } from '../connection';

export interface TestRedisCluster {
  /** For createRedisConnection: REDIS_CLUSTER_NODES lists every master, REDIS_URL the first. */
  settings: Required<RedisSettings>;
  /** The masters' ports, in slot order. */
  ports: number[];
  stop(): Promise<void>;
}

const SLOTS = 16_384;

/**
 * The redis-server `npm test` found (REDIS_SERVER_PATH), else the one on PATH, if any: a test
 * without one skips the cluster (and says so).
 */
export function findRedisServer(): string | undefined {
  if (process.env.REDIS_SERVER_PATH) return process.env.REDIS_SERVER_PATH;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/**
 * A real Redis Cluster of `masters` redis-server processes (no replicas, nothing persisted) on
 * free loopback ports, in a temporary directory that stop() removes. The slots are assigned and
 * the nodes introduced directly (CLUSTER ADDSLOTSRANGE, MEET), as `redis-cli --cluster create`
 * does but without its one-second waits; it resolves once every node reports the cluster ok.
 */
export async function startRedisCluster(options: { masters?: number; timeoutMs?: number } = {}): Promise<TestRedisCluster> {
  const masters = options.masters ?? 3;
  const server = findRedisServer();
  if (!server) throw new Error('redis-server is not installed (apt-get install redis-server)');
  const dir = mkdtempSync(join(tmpdir(), 'redis-cluster-'));
  const [ports, busPorts] = splitPorts(await freePorts(masters * 2));
  const children = ports.map((port, i) => startNode(server, dir, port, busPorts[i]!));
  const stop = async (): Promise<void> => {
    await Promise.all(children.map(stopChild));
    rmSync(dir, { recursive: true, force: true });
  };
  const admin = ports.map(
    (port) => new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null }),
  );
  try {
    await Promise.all(admin.map((node, i) => connectWithin(node, children[i]!, options.timeoutMs ?? 10_000)));
    await Promise.all(admin.map((node, i) => node.call('CLUSTER', 'SET-CONFIG-EPOCH', String(i + 1))));
    await Promise.all(admin.map((node, i) => node.call('CLUSTER', 'ADDSLOTSRANGE', ...slotRange(i, masters).map(String))));
    for (let i = 1; i < masters; i += 1) await admin[0]!.call('CLUSTER', 'MEET', '127.0.0.1', String(ports[i]), String(busPorts[i]));
    await waitForClusterOk(admin, masters, options.timeoutMs ?? 10_000);
  } catch (err) {
    await stop();
    throw err;
  } finally {
    admin.forEach((node) => node.disconnect());
  }
  return {
    settings: { REDIS_URL: `redis://127.0.0.1:${ports[0]}`, REDIS_CLUSTER_NODES: ports.map((p) => `127.0.0.1:${p}`).join(',') },
    ports,
    stop,
  };
}

function startNode(server: string, dir: string, port: number, busPort: number): ChildProcess {
  const child = spawn(
    server,
    [
      ...['--port', String(port), '--cluster-port', String(busPort), '--bind', '127.0.0.1', '--dir', dir],
      ...['--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', '5000'],
      ...['--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // A test process that dies without stop() must not leave servers behind.
  const kill = (): void => void child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

async function connectWithin(node: Redis, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  node.on('error', () => undefined);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited during startup: ${stderr.trim()}`);
    try {
      await node.connect();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(20);
    }
  }
}

async function waitForClusterOk(nodes: Redis[], masters: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const infos = await Promise.all(nodes.map((node) => node.call('CLUSTER', 'INFO') as Promise<string>));
    const ok = infos.every(
      (info) =>
        info.includes('cluster_state:ok') && info.includes(`cluster_known_nodes:${masters}`) && info.includes(`cluster_slots_ok:${SLOTS}`),
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Redis Cluster not ok within ${timeoutMs} ms:\n${infos.join('\n')}`);
    await sleep(20);
  }
}

function slotRange(index: number, masters: number): [number, number] {
  const size = Math.ceil(SLOTS / masters);
  return [index * size, Math.min(SLOTS, (index + 1) * size) - 1];
}

/** Distinct free loopback ports, all held until all are found so none is handed out twice. */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const server = createServer();
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
      servers.push(server);
    }
    return servers.map((server) => (server.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

function splitPorts(ports: number[]): [number[], number[]] {
  const half = ports.length / 2;
  return [ports.slice(0, half), ports.slice(half)];
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
