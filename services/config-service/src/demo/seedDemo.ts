import { createAuth, type Auth, type Caller } from '@datasync/auth';
import { parseConfig } from '@datasync/config';
import { createSecretBox, type MasterKey } from '@datasync/crypto';
import type { Knex } from '@datasync/db';
import { ApiError } from '@datasync/errors';
import { silentLogger, type Logger } from '@datasync/logger';
import { providerEnv, providerSettings, type ProviderEnv } from '@datasync/providers';
import { createResourceServices, type ResourceServices } from '../routes/resourceRoutes';
import { createDemoEmulatorAccount, findEmulatorAccount } from './emulatorAccount';

export const DEMO = {
  organization: 'Datasync Demo',
  environment: 'development',
  destination: 'demo_postgres',
  source: 'stripe_demo',
  sync: 'demo_sync',
  collection: 'charges',
} as const;

export interface SeedDemoOptions {
  /** The control plane, migrated. */
  knex: Knex;
  /** SECRETS_MASTER_KEYS of the services: client-secret hashes and sealed values must open there. */
  masterKeys: MasterKey[];
  /** The provider emulator: its admin API creates the demo account, and sources are verified against it. */
  emulatorUrl: string;
  /** Connection string of the demo destination database. */
  destinationUrl: string;
  /** The dashboard login; the password is set when the user is created (at least 12 characters). */
  login: { email: string; password: string };
  /** The demo database is usually on this machine; default true. */
  allowPrivateNetworks?: boolean;
  /** Extra fields of the emulator's POST /_emulator/accounts, e.g. `{ objects: { charges: 500 } }`. */
  emulatorAccount?: Record<string, unknown>;
  logger?: Logger;
}

/** What `.data/demo.json` needs (snake_case, like the public JSON). */
export interface DemoSeed {
  login: { email: string; password: string };
  organization: { id: string; name: string };
  environment: { id: string; name: string };
  /** A fresh credential per seeding: the previous demo credentials are revoked, their secrets being unrecoverable. */
  client_credentials: { client_id: string; client_secret: string };
  destination: { name: string; engine: 'postgres'; connection_string: string };
  source: { name: string; provider: 'stripe'; provider_account_id: string };
  sync: { name: string };
  collections: string[];
}

const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

/** The value, or undefined when the service answers 404 (the demo object does not exist yet). */
async function existing<T>(lookup: Promise<T>): Promise<T | undefined> {
  try {
    return await lookup;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** Logs in as the demo user, signing up first when there is none: a session caller in the demo environment. */
async function demoCaller(
  auth: Auth,
  login: SeedDemoOptions['login'],
): Promise<{ caller: Extract<Caller, { kind: 'session' }>; organizationName: string; end: () => Promise<void> }> {
  let session;
  try {
    session = await auth.users.login(login);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) throw err;
    try {
      session = await auth.users.signup({ ...login, organizationName: DEMO.organization });
    } catch (signupErr) {
      if (signupErr instanceof ApiError && signupErr.code === 'email_taken') {
        throw new Error(`the demo user ${login.email} exists with another password; give its password, or another demo email`, {
          cause: signupErr,
        });
      }
      throw signupErr;
    }
  }
  const base = {
    kind: 'session' as const,
    organizationId: session.organization.id,
    userId: session.user.id,
    sessionId: session.session.id,
  };
  const environment = await auth.environments.visible({ ...base, environmentId: session.environment.id }, DEMO.environment);
  return {
    caller: { ...base, environmentId: environment.id },
    organizationName: session.organization.name,
    end: () => auth.users.logout(session.session.token),
  };
}

async function freshCredential(auth: Auth, caller: Caller): Promise<DemoSeed['client_credentials']> {
  // At most two may be active, and old secrets cannot be shown again: replace them all. The demo's
  // credential is for the Accounts API; admin credentials someone made by hand are left alone.
  for (const credential of await auth.clientCredentials.list(caller.environmentId)) {
    if (credential.revokedAt === null && credential.scope === 'accounts') await auth.clientCredentials.revoke(caller, credential.clientId);
  }
  const created = await auth.clientCredentials.create(caller);
  return { client_id: created.credential.clientId, client_secret: created.clientSecret };
}

async function ensureDestination(services: ResourceServices, caller: Caller, connectionString: string): Promise<void> {
  const found = await existing(services.destinations.get(caller, DEMO.destination));
  if (!found) {
    await services.destinations.create(caller, { name: DEMO.destination, engine: 'postgres', connectionString });
  } else if (!(await services.destinations.hasConnectionString(caller, DEMO.destination, connectionString))) {
    // The demo database's password is set anew when the launcher's local state was lost.
    await services.destinations.updateConnectionString(caller, DEMO.destination, connectionString);
  }
}

/** The demo source, with the key and the OAuth client id of an account the emulator holds. */
async function ensureSource(services: ResourceServices, caller: Caller, options: SeedDemoOptions): Promise<string> {
  const found = await existing(services.sources.get(caller, DEMO.source));
  const kept = found && (await services.sources.keyStillValid(caller, DEMO.source)) ? found : undefined;
  // A restarted emulator knows no accounts until they are created again.
  const account = kept
    ? await findEmulatorAccount(options.emulatorUrl, kept.providerAccountId)
    : await createDemoEmulatorAccount(options.emulatorUrl, options.emulatorAccount);
  const source =
    kept ??
    (found
      ? await services.sources.replaceKey(caller, DEMO.source, account.secret_key)
      : await services.sources.create(caller, {
          name: DEMO.source,
          provider: 'stripe',
          privateKey: account.secret_key,
          oauthClientId: account.client_id,
        }));
  // With the app's client id the Link page offers Connect with Stripe (the emulator serves the
  // consent page too). A source seeded before, or a recreated account, needs it set or changed.
  if (source.oauthClientId !== account.client_id) await services.sources.update(caller, DEMO.source, { oauthClientId: account.client_id });
  return source.providerAccountId;
}

async function ensureSyncAndCollection(services: ResourceServices, caller: Caller): Promise<void> {
  if (!(await existing(services.syncs.get(caller, DEMO.sync)))) {
    await services.syncs.create(caller, { name: DEMO.sync, sourceName: DEMO.source, destinationName: DEMO.destination });
  }
  const collection = await existing(services.collections.get(caller, DEMO.sync, DEMO.collection));
  if (!collection || collection.collection.unmountedAt !== null) await services.collections.mount(caller, DEMO.sync, DEMO.collection);
}

/**
 * Seeds the demo through the services the API uses: organization and user, the development
 * environment (early access on), a fresh client credential, the destination `demo_postgres`,
 * the source `stripe_demo` (an emulator account), the sync `demo_sync` and its `charges`
 * collection. Idempotent: every start runs it on kept data and repairs what drifted.
 */
export async function seedDemo(options: SeedDemoOptions): Promise<DemoSeed> {
  const logger = options.logger ?? silentLogger();
  const auth = createAuth({
    knex: options.knex,
    masterKeys: options.masterKeys,
    secureCookies: false,
    SESSION_TTL_HOURS: 1,
    SESSION_IDLE_MINUTES: 10,
    BASIC_AUTH_CACHE_SECONDS: 0,
  });
  const providers = providerSettings(parseConfig<ProviderEnv>(providerEnv, { PROVIDER_STRIPE_BASE_URL: options.emulatorUrl }));
  const services = createResourceServices({
    knex: options.knex,
    secretBox: createSecretBox(options.masterKeys),
    logger,
    destinations: { allowPrivateNetworks: options.allowPrivateNetworks ?? true },
    providers,
  });

  const { caller, organizationName, end } = await demoCaller(auth, options.login);
  try {
    const environment = await auth.environments.setEarlyAccess(caller, DEMO.environment, true);
    const credentials = await freshCredential(auth, caller);
    await ensureDestination(services, caller, options.destinationUrl);
    const providerAccountId = await ensureSource(services, caller, options);
    await ensureSyncAndCollection(services, caller);
    logger.info('demo seeded', { organizationId: caller.organizationId, environmentId: caller.environmentId });
    return {
      login: { ...options.login },
      organization: { id: caller.organizationId, name: organizationName },
      environment: { id: environment.id, name: environment.name },
      client_credentials: credentials,
      destination: { name: DEMO.destination, engine: 'postgres', connection_string: options.destinationUrl },
      source: { name: DEMO.source, provider: 'stripe', provider_account_id: providerAccountId },
      sync: { name: DEMO.sync },
      collections: [DEMO.collection],
    };
  } finally {
    // The seeding session is of no use afterwards; the person logs in with the printed login.
    await end();
  }
}
