import { randomUUID } from 'node:crypto';
import { TABLES, sealedPlace } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { generateSigningSecret } from '@datasync/webhooks';
import { ensureStateRow, recordFailure, recordPage } from '../state/accountStates.repository';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { startReceiver } from '../testing/webhookReceiver';
import { verifyAccount } from '../verify/verifyAccount';

let h: LoaderHarness;

beforeAll(async () => {
  // A verification follows the load: its account.verified is part of the story.
  h = await startHarness({ settings: { verifyAfterLoad: true } });
  h.startWorkers();
});

afterAll(async () => {
  await h?.stop();
});

const created: string[] = [];
afterEach(async () => {
  await h.knex(TABLES.webhookEndpoints).whereIn('id', created.splice(0)).delete();
});

/** An endpoint wanting every event, as the API stores it (the harness's tenant is a production environment: https only through the API). */
async function addEndpoint(url: string): Promise<void> {
  const id = randomUUID();
  created.push(id);
  await h.knex(TABLES.webhookEndpoints).insert({
    id,
    environment_id: h.environmentId,
    url,
    enabled_events: ['*'],
    signing_secret: h.secretBox.seal(generateSigningSecret(), h.environmentId, sealedPlace('webhookSigningSecret', id)),
  });
}

describe('account events from the loader', () => {
  it('sends attached, backfill_completed (rows per table), live and verified (drift per table) as an account loads', async () => {
    const receiver = await startReceiver();
    try {
      await addEndpoint(receiver.url);
      const account = await h.addAccount({ charges: 120 });
      await h.deps.producer.enqueue('account.attach', { accountId: account.id });

      await waitFor(() => receiver.received.length >= 4, {
        description: 'four events',
        timeoutMs: 60_000,
        intervalMs: 200,
      });
      // Deliveries run side by side, so arrival order is not the events' order (receivers sort by `created`).
      const types = receiver.received.map((r) => r.event.type).sort();
      expect(types).toEqual(['account.attached', 'account.backfill_completed', 'account.live', 'account.verified']);
      const completed = receiver.received.find((r) => r.event.type === 'account.backfill_completed');
      expect(completed?.event.data).toEqual({
        account: { source_type: 'stripe', identifier: account.identifier },
        tables: { stripe_charges: 120 },
      });
      const verified = receiver.received.find((r) => r.event.type === 'account.verified');
      expect(verified?.event.data).toEqual({
        account: { source_type: 'stripe', identifier: account.identifier },
        tables: [{ table: 'stripe_charges', drift_found: 0, drift_repaired: 0 }],
      });
      // Written by the transaction that completed the verification (an outbox): same transaction id.
      const xminOf = async (table: string, where: Record<string, string>) =>
        ((await h.knex(table).where(where).first(h.knex.raw('xmin::text as xmin'))) as { xmin: string }).xmin;
      expect(await xminOf(TABLES.webhookEvents, { id: verified!.event.id })).toBe(
        await xminOf(TABLES.tableVerifications, { account_id: account.id, table_name: 'stripe_charges' }),
      );
      // The same check run again (its job retried after a crash) finds nothing left and sends nothing more.
      const again = await verifyAccount(
        h.deps,
        { accountId: account.id, scope: 'full', requestedAt: new Date(Date.now() - 120_000) },
        h.deps.logger,
      );
      expect(again).toBe('done');
      expect(await h.knex(TABLES.webhookEvents).where({ account_id: account.id, type: 'account.verified' }).count({ n: '*' })).toEqual([
        { n: '1' },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('sends account.error on entering error (once) and account.recovered when a page commits again', async () => {
    // Nothing listens there: the events and deliveries written are what is checked.
    await addEndpoint('http://127.0.0.1:9/hooks');
    const account = await h.addAccount({ charges: 0 });
    const ref = { id: account.id, environmentId: h.environmentId };
    await ensureStateRow(h.knex, ref);
    const failure = {
      code: 'destination_unreachable',
      reason: 'The destination refused the connection.',
      gaveUp: false,
      retry: { baseMs: 1_000, maxMs: 5_000 },
    };
    await recordFailure(h.knex, ref, failure);
    await recordFailure(h.knex, ref, failure);
    await recordPage(h.knex, account.id, 10);
    await recordPage(h.knex, account.id, 10);

    const events = await h.knex(TABLES.webhookEvents).where({ account_id: account.id }).orderBy('type');
    expect(events.map((e) => [e.type, e.payload.data])).toEqual([
      [
        'account.error',
        {
          account: { source_type: 'stripe', identifier: account.identifier },
          error: { code: 'destination_unreachable', message: 'The destination refused the connection.' },
        },
      ],
      ['account.recovered', { account: { source_type: 'stripe', identifier: account.identifier } }],
    ]);
  });
});
