import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { TABLES, sealedPlace } from '@datasync/db';
import { insertTestAccount } from '@datasync/testing';
import { apiBenchConfig } from './api/config';
import { formatMeasured, measure } from './api/measure';
import { startService, type RunningService } from './api/processes';
import { benchClients, benchDatabase } from './api/setup';
import { formatTable, type Figure } from './report';

// `npm run bench:webhook`: POST /webhooks/stripe/{source_id} of the built accounts-api (production
// settings) against local Postgres and Redis: every request a new event, signed as Stripe signs,
// for a registered account, so each one is verified, claimed, routed and queued (docs/webhooks.md).
// Beside GET /health of the same server in the same run.

const SOURCES = 4;

function signed(secret: string): { body: string; signature: string } {
  const body = JSON.stringify({
    id: `evt_1${randomBytes(12).toString('hex')}`,
    object: 'event',
    type: 'charge.updated',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `ch_${randomBytes(8).toString('hex')}`, object: 'charge', amount: 1000 } },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return { body, signature: `t=${t},v1=${v1}` };
}

async function main(): Promise<void> {
  const config = apiBenchConfig();
  const knex = await benchDatabase(config.BENCH_DATABASE_URL);
  const emulator = await startService('provider-emulator', {});
  let api: RunningService | undefined;
  try {
    const masterKeys = `bench:${randomBytes(32).toString('base64')}`;
    const box = createSecretBox(parseMasterKeys(masterKeys));
    const newPlatform = async () => {
      const response = await fetch(`${emulator.baseUrl}/_emulator/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ objects: { charges: 1 } }),
      });
      return (await response.json()) as { id: string; secret_key: string };
    };
    const clients = await benchClients(knex, masterKeys, SOURCES, newPlatform);
    const targets: { sourceId: string; secret: string }[] = [];
    for (const client of clients) {
      const source = (await knex(TABLES.sources).where({ environment_id: client.environmentId }).first('id', 'provider_account_id')) as {
        id: string;
        provider_account_id: string;
      };
      await insertTestAccount(knex, {
        environmentId: client.environmentId,
        sourceId: source.id,
        externalId: source.provider_account_id,
        sealedKey: box.seal('sk_test_unused', client.environmentId),
      });
      const secret = `whsec_${randomBytes(16).toString('hex')}`;
      const id = randomUUID();
      await knex(TABLES.sourceWebhookSecrets).insert({
        id,
        environment_id: client.environmentId,
        source_id: source.id,
        secret: box.seal(secret, client.environmentId, sealedPlace('sourceWebhookSecret', id)),
      });
      targets.push({ sourceId: source.id, secret });
    }
    api = await startService('accounts-api', {
      DATABASE_URL: config.BENCH_DATABASE_URL,
      REDIS_URL: config.REDIS_URL,
      QUEUE_PREFIX: `bench-webhook-${randomBytes(4).toString('hex')}`,
      SECRETS_MASTER_KEYS: masterKeys,
      PROVIDER_STRIPE_BASE_URL: emulator.baseUrl,
      API_REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
      LINK_PUBLIC_URL: 'http://127.0.0.1',
    });
    const base = { url: api.baseUrl, connections: config.BENCH_API_CONNECTIONS, duration: config.BENCH_API_SECONDS };
    let n = 0;
    const deliveries: NonNullable<Parameters<typeof measure>[1]['requests']> = [
      {
        method: 'POST',
        path: '/webhooks/stripe/x',
        setupRequest: (request) => {
          const target = targets[n++ % targets.length] as { sourceId: string; secret: string };
          const { body, signature } = signed(target.secret);
          return {
            ...request,
            path: `/webhooks/stripe/${target.sourceId}`,
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body,
          };
        },
      },
    ];
    await measure('warm-up', { ...base, duration: 2, requests: deliveries });
    const health = await measure('GET /health', { ...base, requests: [{ method: 'GET', path: '/health' }] });
    const webhook = await measure('POST /webhooks/stripe/{source_id}', { ...base, requests: deliveries });
    process.stdout.write(`${formatMeasured([health, webhook], health)}\n\n`);
    const figures: Figure[] = [
      { name: 'webhook delivery p99', value: webhook.p99, unit: 'ms', goal: 100, kind: 'max' },
      { name: 'failed deliveries', value: webhook.failures, unit: '', goal: 1, kind: 'max' },
    ];
    process.stdout.write(`${formatTable(figures)}\n`);
  } finally {
    await api?.stop();
    await emulator.stop();
    await knex.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
