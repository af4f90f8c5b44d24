import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { databaseName, dropDatabase, withDatabase } from '@datasync/db';
import { testDatabaseUrl } from './config';
import { freePort } from './freePort';
import { ensureDatabase, prepareTestDatabase } from './testDatabase';
import { createTestRedis, randomQueuePrefix } from './testRedis';

describe('freePort', () => {
  it('returns a port a server can then listen on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('createTestRedis / randomQueuePrefix', () => {
  it('connects to the test Redis with retries suited to BullMQ workers', async () => {
    const redis = createTestRedis();
    try {
      expect(await redis.ping()).toBe('PONG');
      expect(redis.options.maxRetriesPerRequest).toBeNull();
    } finally {
      await redis.quit();
    }
  });

  it('gives distinct prefixes without the ":" BullMQ uses as a separator', () => {
    const prefixes = new Set(Array.from({ length: 50 }, randomQueuePrefix));
    expect(prefixes.size).toBe(50);
    for (const prefix of prefixes) expect(prefix).toMatch(/^test-[0-9a-f]{12}$/);
  });
});

describe('ensureDatabase', () => {
  it('creates a missing database exactly once, even when called concurrently', async () => {
    const adminUrl = withDatabase(testDatabaseUrl(), 'postgres');
    const name = `datasync_ensuretest_${randomBytes(5).toString('hex')}`;
    try {
      const created = await Promise.all([ensureDatabase(adminUrl, name), ensureDatabase(adminUrl, name)]);
      expect(created.filter(Boolean)).toHaveLength(1);
      expect(await ensureDatabase(adminUrl, name)).toBe(false);
    } finally {
      await dropDatabase(adminUrl, name);
    }
  });

  it('refuses names it would have to quote', async () => {
    await expect(ensureDatabase(testDatabaseUrl(), 'x"; drop database postgres; --')).rejects.toThrow(/must match/);
  });
});

describe('prepareTestDatabase', () => {
  it('is a no-op on the already prepared test database, also when runs overlap', async () => {
    const results = await Promise.all([prepareTestDatabase(), prepareTestDatabase()]);
    for (const result of results) {
      expect(result).toMatchObject({ database: databaseName(testDatabaseUrl()), created: false, migrations: [] });
    }
  });
});
