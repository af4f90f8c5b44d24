import { randomBytes } from 'node:crypto';
import type { Caller } from '@datasync/auth';
import type { SecretBox } from '@datasync/crypto';
import { accountFence, shareFences, TABLES, type Knex } from '@datasync/db';
import type { ProviderVerifier } from '@datasync/providers';
import { closeTestKnex, createTestTenant, getTestKnex, insertTestAccount, waitFor } from '@datasync/testing';
import { AccountsService } from './accounts.service';
import { WritesInFlightError } from './writesStopped';

// A pause answers only once the loader's writes in flight for the account have ended (the write
// fence, libs/db writeFence.ts); past its bound it answers 503 writes_in_flight, the account paused
// all the same, and a repeated pause waits again. The loader's write is stood in for by a
// transaction holding the account's fence shared, as the loader's fenced writes do.

const knex = getTestKnex();
afterAll(closeTestKnex);

async function setUp(fenceWaitMs: number) {
  const tenant = await createTestTenant(knex);
  const environmentId = tenant.productionEnvironmentId;
  const [source] = (await knex(TABLES.sources)
    .insert({
      environment_id: environmentId,
      name: `src_${randomBytes(4).toString('hex')}`,
      provider: 'stripe',
      credential_secret: 'sealed',
      provider_account_id: 'acct_app',
      livemode: false,
    })
    .returning('id')) as { id: string }[];
  const account = await insertTestAccount(knex, {
    environmentId,
    sourceId: source!.id,
    externalId: `acct_${randomBytes(4).toString('hex')}`,
    sealedKey: 'sealed',
  });
  const service = new AccountsService({
    knex,
    secretBox: {} as SecretBox,
    verify: {} as ProviderVerifier,
    deleteWaitMs: 1_000,
    fenceWaitMs,
  });
  const caller: Caller = { kind: 'client', environmentId, organizationId: tenant.organizationId, clientId: 'cli_test', scope: 'accounts' };
  return { service, caller, account, identity: { sourceType: 'stripe', identifier: account.identifier } };
}

/** A write in flight: holds the account's fence shared until `end` is called. */
async function writeInFlight(accountId: string): Promise<{ end: () => Promise<void> }> {
  const trx: Knex.Transaction = await knex.transaction();
  await shareFences(trx, [accountFence(accountId)]);
  return { end: () => trx.commit().then(() => undefined) };
}

const exclusiveWaiting = async () =>
  Number(
    (
      (await knex.raw(`select count(*) as n from pg_locks where locktype = 'advisory' and mode = 'ExclusiveLock' and not granted`)) as {
        rows: { n: string }[];
      }
    ).rows[0]?.n,
  ) > 0;

it('waits for the write in flight before it answers', async () => {
  const { service, caller, account, identity } = await setUp(30_000);
  const write = await writeInFlight(account.id);
  let answered = false;
  const pausing = service.setActive(caller, identity, false).then((a) => {
    answered = true;
    return a;
  });
  await waitFor(exclusiveWaiting, { description: 'the pause to wait for the fence' });
  // Committed already: the loader's writers read it under the fence and write nothing more.
  expect(await knex(TABLES.accounts).where({ id: account.id }).first('active')).toEqual({ active: false });
  expect(answered).toBe(false);
  await write.end();
  expect(await pausing).toMatchObject({ id: account.id, active: false });
});

it('past its bound answers 503 writes_in_flight with the account paused; repeated, it waits again', async () => {
  const { service, caller, account, identity } = await setUp(200);
  const write = await writeInFlight(account.id);
  const refused = await service.setActive(caller, identity, false).catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(WritesInFlightError);
  expect(refused).toMatchObject({ status: 503, code: 'writes_in_flight' });
  expect(await knex(TABLES.accounts).where({ id: account.id }).first('active')).toEqual({ active: false });
  await write.end();
  expect(await service.setActive(caller, identity, false)).toMatchObject({ id: account.id, active: false });
});
