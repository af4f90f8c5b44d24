import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { Queue } from 'bullmq';
import winston from 'winston';
import { TABLES } from '@datasync/db';
import { createLogger } from '@datasync/logger';
import { closeRedisConnection, createProducer, createRedisConnection, jobCatalog } from '@datasync/queue';
import { closeTestKnex, createTestTenant, getTestKnex, insertTestAccount, randomQueuePrefix, testRedisUrl } from '@datasync/testing';
import type { Account } from '../accounts.repository';
import { loaderCollectionHooks, loaderHooks } from './loaderHooks';

// The hooks' one error policy, over real Redis: a job is enqueued under its deterministic id, and
// an enqueue that fails (Redis away, or a payload the catalog refuses) leaves the call successful
// and a log line behind.

const prefix = randomQueuePrefix();
const redis = createRedisConnection(testRedisUrl(), { role: 'producer' });
const away = createRedisConnection('redis://127.0.0.1:1', { role: 'producer' });
const lifecycle = new Queue('lifecycle', { connection: redis, prefix });

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ service: 'test', transports: [new winston.transports.Stream({ stream })] }), lines };
}

const account = (id: string, active: boolean) => ({ id, active }) as Account;

afterAll(async () => {
  await lifecycle.obliterate({ force: true }).catch(() => undefined);
  await lifecycle.close();
  await closeRedisConnection(redis);
  await closeRedisConnection(away);
  await closeTestKnex();
});

it('enqueues each job with the account or collection id only', async () => {
  const producer = createProducer(redis, { prefix, catalog: jobCatalog });
  const { logger, lines } = capturingLogger();
  const hooks = loaderHooks({ knex: getTestKnex(), producer, logger, purgeWaitMs: 1_000 });
  const id = randomUUID();
  try {
    await hooks.afterAccountCommitted(account(id, true), { created: true });
    await hooks.afterAccountToggled(account(id, false));
    await hooks.resyncAccount(account(id, true));
    await loaderCollectionHooks(producer, logger).collectionMounted({ id });
    expect(await lifecycle.getJob(`attach-${id}`)).toMatchObject({ name: 'account.attach', data: { accountId: id } });
    expect(await lifecycle.getJob(`pause-${id}`)).toMatchObject({ name: 'account.pause', data: { accountId: id } });
    expect(await lifecycle.getJob(`resync-${id}`)).toMatchObject({ name: 'account.resync', data: { accountId: id } });
    expect(await lifecycle.getJob(`mounted-${id}`)).toMatchObject({ name: 'collection.mounted', data: { collectionId: id } });
    expect(lines).toEqual([]);
  } finally {
    await producer.close();
  }
});

it('tolerates Redis away: the call resolves, a warning names the job', async () => {
  const producer = createProducer(away, { prefix, catalog: jobCatalog, readyTimeoutMs: 200 });
  const { logger, lines } = capturingLogger();
  const id = randomUUID();
  try {
    await expect(
      loaderHooks({ knex: getTestKnex(), producer, logger, purgeWaitMs: 1_000 }).afterAccountToggled(account(id, true)),
    ).resolves.toBeUndefined();
    await expect(loaderCollectionHooks(producer, logger).collectionMounted({ id })).resolves.toBeUndefined();
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', job: 'account.resume', accountId: id }),
      expect.objectContaining({ level: 'warn', job: 'collection.mounted', collectionId: id }),
    ]);
  } finally {
    await producer.close();
  }
});

it('tolerates any other enqueue failure too, logged as an error to be looked at', async () => {
  const producer = createProducer(redis, { prefix, catalog: jobCatalog });
  const { logger, lines } = capturingLogger();
  try {
    await expect(
      loaderHooks({ knex: getTestKnex(), producer, logger, purgeWaitMs: 1_000 }).afterAccountCommitted(account('not-a-uuid', true), {
        created: true,
      }),
    ).resolves.toBeUndefined();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        job: 'account.attach',
        accountId: 'not-a-uuid',
        error: expect.stringContaining('invalid payload'),
      }),
    ]);
  } finally {
    await producer.close();
  }
});

it('surfaces what is not an enqueue: a purge that outlasts its wait; resolves once the account is gone', async () => {
  const producer = createProducer(redis, { prefix, catalog: jobCatalog });
  const { logger } = capturingLogger();
  const knex = getTestKnex();
  const tenant = await createTestTenant(knex);
  const environmentId = tenant.productionEnvironmentId;
  const [source] = (await knex(TABLES.sources)
    .insert({
      environment_id: environmentId,
      name: 'hooks',
      provider: 'stripe',
      credential_secret: 'sealed',
      provider_account_id: 'acct_app',
      livemode: false,
    })
    .returning('id')) as { id: string }[];
  const inserted = await insertTestAccount(knex, {
    environmentId,
    sourceId: String(source?.id),
    externalId: 'acct_purged',
    sealedKey: 'sealed',
  });
  const hooks = loaderHooks({ knex, producer, logger, purgeWaitMs: 300, purgePollMs: 20 });
  try {
    await expect(hooks.purgeAccount(account(inserted.id, true))).rejects.toThrow('the purge did not finish within its wait bound');
    expect(await lifecycle.getJob(`purge-${inserted.id}`)).toMatchObject({ name: 'account.purge', data: { accountId: inserted.id } });
    await knex(TABLES.accounts).where({ id: inserted.id }).delete();
    await expect(hooks.purgeAccount(account(inserted.id, true))).resolves.toBeUndefined();
  } finally {
    await producer.close();
  }
});
