import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { Redis } from 'ioredis';
import { loadTestRunnerConfig } from './config';
import { ProcessGroup } from './processes';
import { MissingProgramError } from './programs';
import { NOTHING } from './testNeeds';
import { checkPrograms, startTestServers } from './testServers';

// The servers `npm test` gives the tests: private children on free ports, never the machine's
// own on the default ports, and nothing at all for what no test needs. (The embedded Postgres is
// an ES module jest cannot load here: libs/testing/src/privateServers.integration.test.ts checks
// the one the running suite got.)
// A data folder of its own: the suite's servers may be running on the repository's .data.
let noUrls: ReturnType<typeof loadTestRunnerConfig>;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'test-servers-'));
  noUrls = { ...loadTestRunnerConfig({}), DATASYNC_DATA_DIR: dataDir };
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));
const portOf = (url: string) => Number(new URL(url).port);

describe('startTestServers', () => {
  const group = new ProcessGroup(() => undefined);
  afterAll(() => group.stop());

  it('starts nothing when nothing is needed', async () => {
    expect(await startTestServers(NOTHING, noUrls, group, () => undefined)).toEqual({});
    expect(group.list()).toEqual([]);
  });

  it('starts a private Redis and MariaDB, neither on its default port, each answering', async () => {
    const log: string[] = [];
    const env = await startTestServers({ ...NOTHING, redis: true, mariadb: true }, noUrls, group, (m) => log.push(m));
    expect(log).toEqual(['starting a private redis-server', 'starting a private MariaDB']);
    expect(
      group
        .list()
        .map((child) => child.spec.name)
        .sort(),
    ).toEqual(['mariadb', 'redis']);
    const [redisPort, mariadbPort] = [portOf(env.REDIS_URL!), portOf(env.MYSQL_URL!)];
    expect(redisPort).not.toBe(6379);
    expect(mariadbPort).not.toBe(3306);

    const redis = new Redis(env.REDIS_URL!, { lazyConnect: true });
    await redis.connect();
    expect(await redis.ping()).toBe('PONG');
    redis.disconnect();
    const my = await mysql.createConnection({ uri: env.MYSQL_URL });
    expect(((await my.query('SELECT @@port AS port')) as unknown as [{ port: number }[]])[0][0]?.port).toBe(mariadbPort);
    await my.end();

    await group.stop();
    expect(group.list()).toEqual([]);
  });

  it('uses a URL given on purpose as it is, and stops on one that does not answer', async () => {
    const given = { ...noUrls, REDIS_URL: 'redis://127.0.0.1:1' };
    await expect(startTestServers({ ...NOTHING, redis: true }, given, group, () => undefined)).rejects.toThrow(
      /^REDIS_URL does not answer/,
    );
    expect(group.list()).toEqual([]);
  });
});

describe('checkPrograms', () => {
  it('names every missing program a selection needs, with how to install it, before anything starts', () => {
    const check = () => checkPrograms({ postgres: true, redis: true, mariadb: true, chromium: true }, noUrls, { PATH: '/nonexistent' });
    // Debian keeps redis-server and mariadbd in sbin, which is always searched: only the PATH-only ones can go missing here.
    expect(check).toThrow(MissingProgramError);
    expect(check).toThrow(/Chromium: sudo apt-get install chromium \(or set CHROMIUM_PATH to its path\)/);
  });

  it('asks for no program when the selection needs no server', () => {
    expect(() => checkPrograms(NOTHING, noUrls, { PATH: '/nonexistent' })).not.toThrow();
  });

  it('asks for no server program when its URL is given', () => {
    const env = { PATH: '/nonexistent', REDIS_SERVER_PATH: '', MARIADBD_PATH: '' };
    expect(() => checkPrograms({ ...NOTHING, redis: true }, { ...noUrls, REDIS_URL: 'redis://elsewhere:6379' }, env)).not.toThrow();
  });
});
