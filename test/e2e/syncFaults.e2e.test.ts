import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { lifecycleDuringWrites } from './support/fenceScenario';
import { createFullStackWorld, type FullStackWorld } from './support/fullStackWorld';
import { destinationOutage, distinctAndTotal } from './support/syncScenarios';

// No fault loses or doubles data (Postgres destination), with two
// loader processes sharing a rate budget of 10 requests per second per provider account.

const BUDGET = 10;
let world: FullStackWorld;

beforeAll(async () => {
  world = await createFullStackWorld('postgres');
  const env = {
    // The provider's limits; a source spends its rate_budget_percent (50 by default) of them.
    PROVIDER_RATE_TEST_PER_SECOND: String(BUDGET * 2),
    PROVIDER_RATE_ENDPOINT_PER_SECOND: String(BUDGET * 2),
    PROVIDER_RATE_BURST_SECONDS: '1',
  };
  await world.startLoader(env, 'loader-1');
  await world.startLoader(env, 'loader-2');
  await world.startApi({ ACCOUNT_DELETE_WAIT_MS: '3000' });
});

afterAll(async () => {
  await world?.close();
});

it('Redis killed and restarted (AOF) during a backfill: the backfill completes, exact', async () => {
  const account = await world.register({ charges: 8_000 });
  await waitFor(async () => (await world.destination.count('stripe_charges', account.identifier)) >= 1_000, {
    description: 'an eighth of the backfill',
    timeoutMs: 60_000,
    intervalMs: 100,
  });
  await world.redis.kill();
  const killedAt = Date.now();
  const atKill = await world.destination.count('stripe_charges', account.identifier);
  expect(atKill).toBeLessThan(8_000);
  // A three-second outage (the loaders' reconnects back off meanwhile), then Redis comes back
  // from its AOF on the same port.
  await waitFor(() => Date.now() - killedAt >= 3_000, { description: 'the outage', timeoutMs: 5_000, intervalMs: 100 });
  await world.redis.start();

  await world.waitForStatus(account.id, 'live', 120_000);
  expect(await distinctAndTotal(world, account.identifier)).toEqual({ distinct: 8_000, total: 8_000 });
  await world.expectMirrors(account);
  expect(await world.knex(TABLES.runs).where({ account_id: account.id })).toHaveLength(1);
});

it('destination unreachable for 30 s mid-backfill: the account shows error meanwhile, then completes exact; a delete meanwhile answers 202, then 404', () =>
  destinationOutage(world));

it('provider answering 20% 5xx and frequent 429s: completes exact, and the request rate never exceeds the budget', async () => {
  const account = await world.register({ charges: 6_000 }, { error_rate: 0.2, throttle_rate: 0.15 });
  const samples: { at: number; requests: number }[] = [];
  await waitFor(
    async () => {
      samples.push({ at: Date.now(), requests: (await world.emulator.stats(account.externalId)).requests });
      return (await world.status(account.id))?.status === 'live';
    },
    // A fifth of the answers fail and retry with backoff: minutes on a busy machine.
    { description: 'the backfill to end under faults', timeoutMs: 240_000, intervalMs: 250 },
  );
  const stats = await world.admin<{ requests: number; rate_limited: number; injected_errors: number }>(
    'GET',
    `/accounts/${account.externalId}/stats`,
  );
  expect(stats.injected_errors).toBeGreaterThan(0);
  expect(stats.rate_limited).toBeGreaterThan(0);
  // The test's own read of the provider runs without the faults.
  await world.admin('POST', `/accounts/${account.externalId}/faults`, { error_rate: null, throttle_rate: null });
  await world.expectMirrors(account);
  // Over every window of at least a second: at most the budget's rate plus one burst, plus the
  // few verification calls the budget does not meter (made before the account is known).
  let worst = 0;
  for (let i = 0; i < samples.length; i += 1) {
    for (let j = i + 1; j < samples.length; j += 1) {
      const seconds = (samples[j]!.at - samples[i]!.at) / 1000;
      if (seconds < 1) continue;
      const allowed = BUDGET * seconds + BUDGET + 5;
      worst = Math.max(worst, (samples[j]!.requests - samples[i]!.requests) / allowed);
    }
  }
  process.stdout.write(
    `provider faults: ${stats.requests} requests, ${stats.injected_errors} 5xx, ${stats.rate_limited} 429s; peak ${(worst * 100).toFixed(0)}% of the budget's allowance\n`,
  );
  expect(samples.length).toBeGreaterThan(8);
  expect(worst).toBeLessThanOrEqual(1);
}, 300_000);

it(
  'delete, pause and unmount during a verification, a resync and a backfill: no row of the deleted account, nothing written after the pause or the unmount answered',
  () => lifecycleDuringWrites(world),
  300_000,
);
