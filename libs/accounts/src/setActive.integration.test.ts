import { randomBytes } from 'node:crypto';
import type { Caller } from '@datasync/auth';
import type { SecretBox } from '@datasync/crypto';
import { TABLES } from '@datasync/db';
import { NotFoundError } from '@datasync/errors';
import type { ProviderVerifier } from '@datasync/providers';
import { closeTestKnex, createTestTenant, getTestKnex, insertTestAccount, waitFor } from '@datasync/testing';
import type { Account } from './accounts.repository';
import { AccountsService } from './accounts.service';

// The toggle over real Postgres: one statement that changes the row or reads it, the loader's hook
// only after a change, and the answer right when another toggle of the same account races it.

const knex = getTestKnex();
afterAll(closeTestKnex);

async function setUp() {
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
  const toggled: Account[] = [];
  // Registration and delete are not called here: the toggle needs neither a verifier nor a secret box.
  const service = new AccountsService({
    knex,
    secretBox: {} as SecretBox,
    verify: {} as ProviderVerifier,
    deleteWaitMs: 1_000,
    hooks: { afterAccountToggled: async (changed) => void toggled.push(changed) },
  });
  const caller: Caller = { kind: 'client', environmentId, organizationId: tenant.organizationId, clientId: 'cli_test', scope: 'accounts' };
  return { service, caller, account, toggled, identity: { sourceType: 'stripe', identifier: account.identifier } };
}

it('changes the row and tells the loader once; the same state again changes nothing and tells nothing', async () => {
  const { service, caller, account, toggled, identity } = await setUp();
  expect(await service.setActive(caller, identity, false)).toMatchObject({ id: account.id, active: false });
  expect(toggled.map((a) => [a.id, a.active])).toEqual([[account.id, false]]);
  expect(await service.setActive(caller, identity, false)).toMatchObject({ id: account.id, active: false });
  expect(toggled).toHaveLength(1);
  expect(await service.setActive(caller, identity, true)).toMatchObject({ id: account.id, active: true });
  expect(toggled.map((a) => a.active)).toEqual([false, true]);
  const row = (await knex(TABLES.accounts).where({ id: account.id }).first('active')) as { active: boolean };
  expect(row.active).toBe(true);
});

it('answers 404 for an account being deleted or unknown, and changes nothing', async () => {
  const { service, caller, account, toggled, identity } = await setUp();
  await knex(TABLES.accounts).where({ id: account.id }).update({ deleting_at: knex.fn.now() });
  await expect(service.setActive(caller, identity, false)).rejects.toBeInstanceOf(NotFoundError);
  await expect(service.setActive(caller, { sourceType: 'stripe', identifier: 'acct_unknown' }, false)).rejects.toBeInstanceOf(
    NotFoundError,
  );
  expect(toggled).toEqual([]);
  expect(((await knex(TABLES.accounts).where({ id: account.id }).first('active')) as { active: boolean }).active).toBe(true);
});

it('answers the state another toggle committed while this one waited for its row lock', async () => {
  const { service, caller, account, toggled, identity } = await setUp();
  const trx = await knex.transaction();
  let racing: Promise<Account> | undefined;
  try {
    await trx(TABLES.accounts).where({ id: account.id }).update({ active: false });
    racing = service.setActive(caller, identity, false);
    await waitFor(
      async () => {
        const { rows } = (await knex.raw(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%\"changed\" as (update%'",
        )) as { rows: { n: number }[] };
        return (rows[0]?.n ?? 0) > 0;
      },
      { description: 'the toggle to wait for the row lock' },
    );
    await trx.commit();
  } catch (err) {
    await trx.rollback();
    throw err;
  }
  // Its statement saw the account active and then had nothing to change: it answers what is now true.
  expect(await racing).toMatchObject({ id: account.id, active: false });
  expect(toggled).toEqual([]);
});
