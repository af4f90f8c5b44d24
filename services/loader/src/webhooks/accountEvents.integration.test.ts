import { randomUUID } from 'node:crypto';
import { TABLES, sealedPlace } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { generateSigningSecret } from '@datasync/webhooks';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { startReceiver } from '../testing/webhookReceiver';

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
  h.startWorkers();
});

afterAll(async () => {
  await h?.stop();
});

describe('account events from the loader', () => {
  it('sends attached, backfill_completed (rows per table) and live as an account loads', async () => {
    const receiver = await startReceiver();
    try {
      const id = randomUUID();
      await h.knex(TABLES.webhookEndpoints).insert({
        id,
        environment_id: h.environmentId,
        url: receiver.url,
        enabled_events: ['*'],
        signing_secret: h.secretBox.seal(generateSigningSecret(), h.environmentId, sealedPlace('webhookSigningSecret', id)),
      });
      const account = await h.addAccount({ charges: 120 });
      await h.deps.producer.enqueue('account.attach', { accountId: account.id });

      await waitFor(() => receiver.received.length >= 3, {
        description: 'three events',
        timeoutMs: 60_000,
        intervalMs: 200,
      });
      // Deliveries run side by side, so arrival order is not the events' order (receivers sort by `created`).
      const types = receiver.received.map((r) => r.event.type).sort();
      expect(types).toEqual(['account.attached', 'account.backfill_completed', 'account.live']);
      const completed = receiver.received.find((r) => r.event.type === 'account.backfill_completed');
      expect(completed?.event.data).toEqual({
        account: { source_type: 'stripe', identifier: account.identifier },
        tables: { stripe_charges: 120 },
      });
    } finally {
      await receiver.close();
    }
  });
});
