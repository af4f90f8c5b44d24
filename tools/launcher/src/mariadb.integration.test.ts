import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { waitFor } from '@datasync/testing';
import { startPrivateMariadb } from './mariadb';
import { ProcessGroup } from './processes';
import { freePort } from './ports';

// The installed mariadbd, started from an empty temporary data folder as `npm test` starts it.
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'private-mariadb-'));
});
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('initialises a data folder, answers as root on its own port, and leaves no process behind', async () => {
  const group = new ProcessGroup(() => undefined);
  const port = await freePort('127.0.0.1');
  const mariadb = await startPrivateMariadb({ dataDir: path.join(dataDir, 'data'), port, group, timeoutMs: 90_000 });
  const pid = mariadb.child.pid!;
  let socketDir: string;
  try {
    expect(mariadb.url).toBe(`mysql://root@127.0.0.1:${port}/test`);
    expect(port).not.toBe(3306);
    const connection = await mysql.createConnection({ uri: mariadb.url });
    try {
      const [[row]] = (await connection.query('SELECT @@port AS port, @@datadir AS datadir, @@socket AS socket')) as unknown as [
        { port: number; datadir: string; socket: string }[],
      ];
      expect(row!.port).toBe(port);
      expect(path.resolve(row!.datadir)).toBe(path.join(dataDir, 'data'));
      socketDir = path.dirname(row!.socket);
      // Its root may create users: what the destination tests do.
      await connection.query(`CREATE USER 'private_check'@'%' IDENTIFIED BY 'pw'`);
      await connection.query(`DROP USER 'private_check'@'%'`);
    } finally {
      await connection.end();
    }
    expect(socketDir.startsWith(os.tmpdir())).toBe(true);
  } finally {
    await group.stop();
  }
  expect(alive(pid)).toBe(false);
  expect(group.list()).toEqual([]);
  await expect(mysql.createConnection({ uri: mariadb.url, connectTimeout: 2000 })).rejects.toThrow(/ECONNREFUSED/);
  // The socket's folder goes with the server (removed once its exit is seen).
  await waitFor(() => !existsSync(socketDir), { description: 'the socket folder removed', timeoutMs: 5_000 });
});
