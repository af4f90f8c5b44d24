import { spawn } from 'node:child_process';
import path from 'node:path';
import type { DemoContext } from './demoContext';

const REPO = path.resolve(__dirname, '../../../..');
const SEED_MAIN = path.join(REPO, 'services/config-service/dist/demo/seedDemoMain.js');

interface DemoSeed {
  login: { email: string; password: string };
  client_credentials: { client_id: string; client_secret: string };
  destination: { name: string };
  source: { name: string; provider: string; provider_account_id: string };
  sync: { name: string };
  collections: string[];
}

/**
 * The demo's configuration (organization, login, environment with early access, client
 * credentials, destination, source, sync, `charges` collection), seeded through config-service's
 * own services by its seed command, then a provider account that can be attached with the
 * printed `curl` line.
 */
export async function seedConfiguration(ctx: DemoContext): Promise<void> {
  const destination = ctx.demo.destination;
  if (!destination) throw new Error('the demo destination must be seeded before the configuration');
  const emulatorUrl = serviceUrl(ctx, 'provider-emulator');
  const accountsApiUrl = serviceUrl(ctx, 'accounts-api');
  const seed = await runSeed({
    DATABASE_URL: ctx.databaseUrl,
    SECRETS_MASTER_KEYS: ctx.config.SECRETS_MASTER_KEYS ?? ctx.localState.secretsMasterKeys,
    DEMO_EMULATOR_URL: emulatorUrl,
    DEMO_DESTINATION_URL: destination.connection_string,
    DEMO_PASSWORD: ctx.localState.demoLoginPassword,
    DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true',
    LOG_LEVEL: 'warn',
  });
  const attachable = await createEmulatorAccount(emulatorUrl);
  const body = JSON.stringify({ sourceType: 'stripe', credential: attachable.secret_key, identifier: 'demo_customer' });
  const { client_id: clientId, client_secret: clientSecret } = seed.client_credentials;
  Object.assign(ctx.demo, {
    dashboard: { url: serviceUrl(ctx, 'config-service'), ...seed.login },
    client_credentials: seed.client_credentials,
    destination: { ...destination, name: seed.destination.name },
    source: seed.source,
    sync: seed.sync,
    collections: seed.collections,
    attachable_account: { id: attachable.id, secret_key: attachable.secret_key },
    links: demoLinks(serviceUrl(ctx, 'config-service'), accountsApiUrl, seed.sync.name),
    curl: `curl -s -u '${clientId}:${clientSecret}' -H 'Content-Type: application/json' -d '${body}' ${accountsApiUrl}/accounts`,
  });
  ctx.log(`demo configuration seeded: sync ${seed.sync.name}, source ${seed.source.name}`);
}

/** Straight to what a new user wants to see: the demo sync's accounts filling up, and the API they drive it with. */
export function demoLinks(configServiceUrl: string, accountsApiUrl: string, syncName: string): { sync_accounts: string; api_docs: string } {
  return {
    sync_accounts: `${configServiceUrl}/dashboard/syncs/${encodeURIComponent(syncName)}/accounts`,
    api_docs: `${accountsApiUrl}/docs`,
  };
}

function serviceUrl(ctx: DemoContext, service: string): string {
  const found = ctx.services.find((s) => s.service === service);
  if (!found) throw new Error(`no ${service} in the plan`);
  return found.url;
}

function runSeed(env: Record<string, string>): Promise<DemoSeed> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SEED_MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`seeding the demo failed (exit ${code}): ${stderr.trim().slice(-2000)}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as DemoSeed);
      } catch {
        reject(new Error('the demo seed printed no JSON'));
      }
    });
  });
}

/** A fresh provider account at every start, with some history to load. */
async function createEmulatorAccount(emulatorUrl: string): Promise<{ id: string; secret_key: string }> {
  const res = await fetch(`${emulatorUrl}/_emulator/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ objects: { charges: 5000, customers: 500, refunds: 200 } }),
  });
  if (!res.ok) throw new Error(`the emulator refused the demo account: ${res.status}`);
  return (await res.json()) as { id: string; secret_key: string };
}
