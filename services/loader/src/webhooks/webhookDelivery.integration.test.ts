import { randomUUID } from 'node:crypto';
import { TABLES, sealedPlace } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import {
  ATTEMPTS_KEPT,
  WebhookEndpointsService,
  emitAccountEvent,
  generateSigningSecret,
  listDeliveries,
  recordFailure,
  toDeliveryJson,
  verifySignature,
} from '@datasync/webhooks';
import { reconcile } from '../reconcile/reconcile.service';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { startReceiver } from '../testing/webhookReceiver';

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
  h.startWorkers(['webhooks']);
});

afterAll(async () => {
  await h?.stop();
});

// Each test's endpoints go with it: the next test's events must not keep retrying to a closed receiver.
const created: string[] = [];
afterEach(async () => {
  await h.knex(TABLES.webhookEndpoints).whereIn('id', created.splice(0)).delete();
});

/** An endpoint as the API stores it; inserted directly, since the harness's tenant is a production environment (https only). */
async function addEndpoint(url: string, enabledEvents: string[] = ['*']) {
  const id = randomUUID();
  const secret = generateSigningSecret();
  created.push(id);
  await h.knex(TABLES.webhookEndpoints).insert({
    id,
    environment_id: h.environmentId,
    url,
    enabled_events: enabledEvents,
    signing_secret: h.secretBox.seal(secret, h.environmentId, sealedPlace('webhookSigningSecret', id)),
  });
  return { id, secret };
}

const deliveriesOf = (endpointId: string) => h.knex(TABLES.webhookDeliveries).where({ endpoint_id: endpointId }).orderBy('created_at');
const settled = (endpointId: string, count: number) =>
  waitFor(
    async () => {
      const rows = await deliveriesOf(endpointId);
      return rows.length === count && rows.every((r) => r.status !== 'pending') ? rows : undefined;
    },
    { description: `${count} settled deliveries`, timeoutMs: 20_000, intervalMs: 100 },
  );

describe('webhook delivery', () => {
  it('POSTs the event signed with the endpoint secret, naming the account, and logs the delivery', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = await addEndpoint(receiver.url);
      const account = await h.addAccount({ charges: 0 });
      const emitted = await emitAccountEvent(h.knex, account.id, 'account.error', {
        error: { code: 'invalid_credential', message: 'revoked' },
      });
      const [delivery] = await settled(endpoint.id, 1);

      expect(receiver.received).toHaveLength(1);
      const [got] = receiver.received;
      expect(verifySignature(endpoint.secret, got!.signature, got!.body)).toBe(true);
      expect(verifySignature(generateSigningSecret(), got!.signature, got!.body)).toBe(false);
      expect(got!.event).toEqual({
        id: emitted!.id,
        object: 'event',
        type: 'account.error',
        created: expect.any(Number),
        data: {
          account: { source_type: 'stripe', identifier: account.identifier },
          error: { code: 'invalid_credential', message: 'revoked' },
        },
      });
      expect(Math.abs(got!.event.created - Date.now() / 1000)).toBeLessThan(30);
      expect(got!.body).not.toContain(endpoint.secret);
      expect(got!.body).not.toContain(account.key);
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200, last_error: null, next_attempt_at: null });
      expect(delivery.last_latency_ms).toEqual(expect.any(Number));
    } finally {
      await receiver.close();
    }
  });

  it('retries after 500s with backoff until the endpoint answers 2xx (at least once)', async () => {
    const receiver = await startReceiver((_event, seen) => (seen < 2 ? 500 : 200));
    try {
      const endpoint = await addEndpoint(receiver.url);
      const account = await h.addAccount({ charges: 0 });
      await emitAccountEvent(h.knex, account.id, 'account.live');
      const [delivery] = await settled(endpoint.id, 1);

      expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 200]);
      expect(new Set(receiver.received.map((r) => r.event.id)).size).toBe(1);
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 200 });
      // Every attempt is in the log, newest first, with its answer and latency.
      const [logged] = await listDeliveries(h.knex, endpoint.id, 10);
      expect(toDeliveryJson(logged!).attempt_log).toEqual(
        [3, 2, 1].map((attempt) => ({
          attempt,
          attempted_at: expect.any(String),
          status_code: attempt === 3 ? 200 : 500,
          latency_ms: expect.any(Number),
          error: attempt === 3 ? null : expect.stringContaining('500'),
        })),
      );
      const row = await h.knex(TABLES.webhookEndpoints).where({ id: endpoint.id }).first();
      expect(row).toMatchObject({ status: 'enabled', failing_since: null });
    } finally {
      await receiver.close();
    }
  });

  it('does not hold later events back behind a failing one: receivers order by `created`', async () => {
    let first: string | undefined;
    let secondArrived = false;
    // The first event fails until the second has arrived: the second must not wait for it.
    const receiver = await startReceiver((event) => {
      if (event.id !== first) secondArrived = true;
      return event.id === first && !secondArrived ? 500 : 200;
    });
    try {
      const endpoint = await addEndpoint(receiver.url);
      const account = await h.addAccount({ charges: 0 });
      first = (await emitAccountEvent(h.knex, account.id, 'account.paused'))!.id;
      await waitFor(() => receiver.received.length >= 1, { description: 'the first attempt', timeoutMs: 15_000 });
      const second = (await emitAccountEvent(h.knex, account.id, 'account.resumed'))!.id;
      await settled(endpoint.id, 2);

      const delivered = receiver.received.filter((r) => r.status === 200);
      expect(delivered.map((r) => r.event.id)).toEqual([second, first]);
      expect(receiver.received[0]).toMatchObject({ status: 500, event: { id: first } });
      // Each event stands alone, with its own id and time: `created` puts them back in order.
      const created = new Map(delivered.map((r) => [r.event.type, r.event.created]));
      expect(created.get('account.paused')).toBeLessThanOrEqual(created.get('account.resumed') as number);
    } finally {
      await receiver.close();
    }
  });

  it('sends an endpoint only the event types it asked for', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = await addEndpoint(receiver.url, ['account.live']);
      const account = await h.addAccount({ charges: 0 });
      await emitAccountEvent(h.knex, account.id, 'account.paused');
      await emitAccountEvent(h.knex, account.id, 'account.live');
      await settled(endpoint.id, 1);
      expect(receiver.received.map((r) => r.event.type)).toEqual(['account.live']);
    } finally {
      await receiver.close();
    }
  });

  it('disables an endpoint failing for days, fails what it owed, and a successful re-send enables it again', async () => {
    let up = false;
    const receiver = await startReceiver(() => (up ? 200 : 503));
    try {
      const endpoint = await addEndpoint(receiver.url);
      // Failing since before the disable bound (3 days).
      await h
        .knex(TABLES.webhookEndpoints)
        .where({ id: endpoint.id })
        .update({ failing_since: h.knex.raw(`now() - interval '4 days'`) });
      const account = await h.addAccount({ charges: 0 });
      await emitAccountEvent(h.knex, account.id, 'account.live');
      const [delivery] = await settled(endpoint.id, 1);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 503 });
      const disabled = await h.knex(TABLES.webhookEndpoints).where({ id: endpoint.id }).first();
      expect(disabled).toMatchObject({ status: 'disabled', disabled_reason: expect.stringContaining('disabled') });

      // A disabled endpoint gets no new deliveries.
      await emitAccountEvent(h.knex, account.id, 'account.paused');
      expect(await deliveriesOf(endpoint.id)).toHaveLength(1);

      up = true;
      const service = new WebhookEndpointsService({
        knex: h.knex,
        secretBox: h.secretBox,
        guard: { allowPrivateNetworks: true, timeoutMs: 1_000 },
      });
      const resent = await service.resend(h.environmentId, endpoint.id, delivery.id);
      expect(resent).toMatchObject({ id: delivery.id, status: 'pending' });
      await settled(endpoint.id, 1);
      expect(await deliveriesOf(endpoint.id)).toEqual([
        expect.objectContaining({ status: 'succeeded', attempts: 2, last_status_code: 200 }),
      ]);
      expect(await h.knex(TABLES.webhookEndpoints).where({ id: endpoint.id }).first()).toMatchObject({
        status: 'enabled',
        disabled_reason: null,
        failing_since: null,
      });
    } finally {
      await receiver.close();
    }
  });

  it('refuses at delivery time a URL whose host is not public when private networks are not allowed', async () => {
    const guarded = await startHarness({ webhooks: { guard: { allowPrivateNetworks: false, timeoutMs: 1_000 } } });
    const receiver = await startReceiver();
    try {
      guarded.startWorkers(['webhooks']);
      const id = randomUUID();
      await guarded.knex(TABLES.webhookEndpoints).insert({
        id,
        environment_id: guarded.environmentId,
        url: receiver.url,
        enabled_events: ['*'],
        signing_secret: guarded.secretBox.seal('whsec_x', guarded.environmentId, sealedPlace('webhookSigningSecret', id)),
      });
      const account = await guarded.addAccount({ charges: 0 });
      await emitAccountEvent(guarded.knex, account.id, 'account.live');
      const row = await waitFor(
        async () =>
          (await guarded.knex(TABLES.webhookDeliveries).where({ endpoint_id: id }).first()) as Record<string, unknown> | undefined,
        { description: 'a delivery', timeoutMs: 15_000 },
      );
      const attempted = await waitFor(
        async () => {
          const r = (await guarded.knex(TABLES.webhookDeliveries).where({ id: row.id }).first()) as {
            attempts: number;
            last_error: string;
          };
          return r.attempts > 0 ? r : undefined;
        },
        { description: 'an attempt', timeoutMs: 15_000 },
      );
      expect(attempted.last_error).toBe('url_not_allowed');
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
      await guarded.stop();
    }
  });

  it(`keeps the latest ${ATTEMPTS_KEPT} attempts of a delivery, and records an attempt once however often its job runs`, async () => {
    const endpoint = await addEndpoint('https://93.184.216.34/never');
    const account = await h.addAccount({ charges: 0 });
    await emitAccountEvent(h.knex, account.id, 'account.live');
    const [row] = await deliveriesOf(endpoint.id);
    // Kept pending and far from due: the dispatcher leaves it to this test.
    await h
      .knex(TABLES.webhookDeliveries)
      .where({ id: row.id })
      .update({ next_attempt_at: h.knex.raw("now() + interval '1 day'") });
    const policy = { firstDelayMs: 86_400_000, maxDelayMs: 86_400_000, giveUpAfterMs: 3 * 86_400_000, disableAfterMs: 3 * 86_400_000 };
    const outcome = { statusCode: 503, latencyMs: 7, error: 'HTTP 503' };
    for (let attempt = 1; attempt <= ATTEMPTS_KEPT + 5; attempt++) {
      expect((await recordFailure(h.knex, row.id, attempt, outcome, policy)).recorded).toBe(true);
      // The same attempt again (its job ran twice): nothing more.
      expect((await recordFailure(h.knex, row.id, attempt, outcome, policy)).recorded).toBe(false);
    }
    const [logged] = await listDeliveries(h.knex, endpoint.id, 10);
    expect(logged!.attempts).toBe(ATTEMPTS_KEPT + 5);
    expect(logged!.attemptLog.map((a) => a.attempt)).toEqual(Array.from({ length: ATTEMPTS_KEPT }, (_, i) => ATTEMPTS_KEPT + 5 - i));
  });

  it('prunes events past the retention with their deliveries and attempts in the reconciler pass, and keeps newer ones', async () => {
    const endpoint = await addEndpoint('https://93.184.216.34/never');
    const account = await h.addAccount({ charges: 0 });
    const old = (await emitAccountEvent(h.knex, account.id, 'account.paused'))!.id;
    const recent = (await emitAccountEvent(h.knex, account.id, 'account.resumed'))!.id;
    const retentionDays = h.deps.webhooks.retentionMs / 86_400_000;
    await h
      .knex(TABLES.webhookEvents)
      .where({ id: old })
      .update({ created_at: h.knex.raw(`now() - interval '${retentionDays + 1} days'`) });
    const oldDelivery = (await h.knex(TABLES.webhookDeliveries).where({ event_id: old }).first('id')) as { id: string };
    await h.knex(TABLES.webhookDeliveries).whereIn('event_id', [old, recent]).update({ status: 'failed', next_attempt_at: null });
    await h.knex(TABLES.webhookDeliveryAttempts).insert({ delivery_id: oldDelivery.id, attempt: 1, status_code: 500, latency_ms: 3 });

    const report = await reconcile(h.deps, h.deps.logger, { graceMs: 60_000 });
    expect(report.webhookEventsPruned).toBeGreaterThanOrEqual(1);
    expect(await h.knex(TABLES.webhookEvents).whereIn('id', [old, recent]).pluck('id')).toEqual([recent]);
    expect(await h.knex(TABLES.webhookDeliveries).where({ endpoint_id: endpoint.id }).pluck('event_id')).toEqual([recent]);
    expect(await h.knex(TABLES.webhookDeliveryAttempts).where({ delivery_id: oldDelivery.id })).toEqual([]);
  });
});
