import { randomBytes } from 'node:crypto';
import { connect, createWriter, ensureTable, parseConnectionString, type WriteRow } from '@datasync/destinations';
import {
  RateBudget,
  createStripeConnector,
  getResource,
  keyMode,
  tableSpecOf,
  toWriteRow,
  type ProviderSettings,
} from '@datasync/providers';
import { parallelRead } from '@datasync/providers/testing';
import { closeRedisConnection, createRedisConnection } from '@datasync/queue';
import { charge } from '../benchCharges';
import type { ProviderAccount } from '../loaderStack';

// The two halves of the end-to-end figure, each alone: the connector reading the account without
// writing, and the writer writing as many rows from memory. The end-to-end rate is compared with
// the slower of the two.

/** The connector paging the whole account with as many segments as the loader runs per account. */
export async function connectorAlone(
  baseUrl: string,
  redisUrl: string,
  account: ProviderAccount,
  concurrency: number,
): Promise<{ rows: number; perSecond: number }> {
  const settings: ProviderSettings = {
    stripeBaseUrl: baseUrl,
    timeoutMs: 30_000,
    budget: { livePerSecond: 10_000, testPerSecond: 10_000, endpointPerSecond: 10_000, burstSeconds: 1 },
    maxWaitMs: 5_000,
    retry: { maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 20_000 },
  };
  const redis = createRedisConnection(redisUrl, { role: 'worker' });
  try {
    // Spends from a budget in Redis like the loader does, so the comparison includes that round trip.
    const budget = new RateBudget(redis, settings.budget, `bench-${randomBytes(4).toString('hex')}`);
    const reader = createStripeConnector({ settings, budget }).reader(
      { kind: 'secret_key', key: account.secret_key },
      { accountId: account.id, livemode: keyMode(account.secret_key).livemode },
    );
    const started = Date.now();
    let rows = 0;
    await parallelRead(reader, 'charges', {
      range: { gte: 0, lt: Math.floor(Date.now() / 1000) + 1 },
      concurrency,
      onPage: (page) => void (rows += page.objects.length),
    });
    return { rows, perSecond: rows / ((Date.now() - started) / 1000) };
  } finally {
    await closeRedisConnection(redis);
  }
}

/** The Postgres writer alone: `rows` charges from memory, in the loader's batch size, into an empty table. */
export async function writerAlone(databaseUrl: string, rows: number, batchRows: number): Promise<{ perSecond: number }> {
  const server = new URL(databaseUrl);
  const schema = `bench_writer_${randomBytes(4).toString('hex')}`;
  const fields = parseConnectionString(
    'postgres',
    `postgres://${server.username}:${server.password || 'unused'}@${server.hostname}:${server.port || 5432}${server.pathname}?sslmode=disable&schema=${schema}`,
  );
  const handle = await connect(fields, { allowPrivateNetworks: true });
  if (handle.engine !== 'postgres') throw new Error('not a postgres handle');
  const resource = getResource('stripe', 'charges');
  try {
    await handle.query(`create schema "${schema}"`);
    const spec = tableSpecOf(resource);
    await ensureTable(handle, 'postgres', schema, spec);
    const writer = createWriter(handle, { engine: 'postgres', schema, spec });
    const sourceTs = new Date();
    const started = Date.now();
    for (let at = 0; at < rows; at += batchRows) {
      const batch: WriteRow[] = [];
      for (let i = at; i < Math.min(rows, at + batchRows); i += 1)
        batch.push(toWriteRow(resource, { accountId: 'acct_bench', object: charge(i), sourceTs }));
      await writer.writeBatch(batch);
    }
    const perSecond = rows / ((Date.now() - started) / 1000);
    await writer.close();
    return { perSecond };
  } finally {
    await handle.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
    await handle.close();
  }
}
