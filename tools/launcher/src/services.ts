import path from 'node:path';
import { inheritedEnv, repoRoot, type LauncherConfig } from './config';
import type { ChildSpec } from './processes';

/** What every service of the local system shares. */
export interface SharedSettings {
  databaseUrl: string;
  redisUrl: string;
  secretsMasterKeys: string;
  /** Where the emulator keeps its accounts, objects and events, so a restart does not forget them. */
  emulatorStateDir: string;
}

export interface ServicePorts {
  providerEmulator: number;
  configService: number;
  accountsApi: number;
  /** The APIs' metrics listeners (METRICS_PORT). */
  accountsApiMetrics: number;
  configServiceMetrics: number;
  loaders: number[];
}

export interface PlannedService {
  /** Unique per process: `loader-1`, `loader-2`… */
  name: string;
  /** The package under services/. */
  service: 'provider-emulator' | 'config-service' | 'accounts-api' | 'loader';
  url: string;
  /** Where its Prometheus metrics are served. */
  metricsUrl: string;
  spec: ChildSpec;
}

export function serviceUrl(host: string, port: number): string {
  // 0.0.0.0 is where to listen, not where to connect.
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable}:${port}`;
}

/**
 * Settings the launcher picks for a local system, each one overridable: a variable the user
 * exported wins (PROVIDER_STRIPE_BASE_URL=https://api.stripe.com for a real Stripe test account,
 * DESTINATION_ALLOW_PRIVATE_NETWORKS=false, LOADER_CONCURRENCY=4…).
 */
function localDefaults(emulatorUrl: string): Record<string, string> {
  return {
    PROVIDER_STRIPE_BASE_URL: emulatorUrl,
    // The demo destination is a database on this machine, which the network guard refuses otherwise.
    DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true',
    // A developer's webhook receiver listens on this machine too (docs/webhook-endpoints.md).
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  };
}

/**
 * The services in start order: the emulator first, since the others call it. A child's
 * environment is, from weakest to strongest: the launcher's local defaults, the user's
 * environment, then what the launcher itself decided (ports, the stores it started, the master
 * keys), which the user's same-named variables already chose where they were set.
 */
export function planServices(
  config: LauncherConfig,
  ports: ServicePorts,
  shared: SharedSettings,
  userEnv: NodeJS.ProcessEnv = inheritedEnv(),
): PlannedService[] {
  const emulatorUrl = serviceUrl(config.HOST, ports.providerEmulator);
  const common = { NODE_ENV: config.NODE_ENV, LOG_LEVEL: config.LOG_LEVEL, HOST: config.HOST };
  const defaults = localDefaults(emulatorUrl);
  // The demo's login (the seed's DEMO_EMAIL) operates the queue dashboard, so `npm start` shows /ops/queues.
  const operators = { OPS_OPERATOR_EMAILS: userEnv.DEMO_EMAIL ?? 'demo@datasync.local' };
  const backend = {
    ...common,
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: shared.redisUrl,
    SECRETS_MASTER_KEYS: shared.secretsMasterKeys,
  };
  const plan = (
    name: string,
    service: PlannedService['service'],
    port: number,
    weak: Record<string, string>,
    decided: Record<string, string>,
    metricsPort?: number,
  ): PlannedService => ({
    name,
    service,
    url: serviceUrl(config.HOST, port),
    metricsUrl: `${serviceUrl(config.HOST, metricsPort ?? port)}/metrics`,
    spec: {
      name,
      command: process.execPath,
      args: [path.join(repoRoot, 'services', service, 'dist', 'main.js')],
      cwd: repoRoot,
      env: { ...weak, ...userEnv, ...decided, PORT: String(port), ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}) },
    },
  });
  return [
    plan('provider-emulator', 'provider-emulator', ports.providerEmulator, { EMULATOR_STATE_DIR: shared.emulatorStateDir }, common),
    plan('config-service', 'config-service', ports.configService, { ...defaults, ...operators }, backend, ports.configServiceMetrics),
    plan('accounts-api', 'accounts-api', ports.accountsApi, defaults, backend, ports.accountsApiMetrics),
    ...ports.loaders.map((port, i) => plan(`loader-${i + 1}`, 'loader', port, defaults, backend)),
  ];
}

/** `npm run migrate`'s program, as a one-shot child. */
export function migrateSpec(config: LauncherConfig, databaseUrl: string): ChildSpec {
  return {
    name: 'migrate',
    command: process.execPath,
    args: [path.join(repoRoot, 'libs', 'db', 'dist', 'migrateMain.js')],
    cwd: repoRoot,
    env: { ...inheritedEnv(), NODE_ENV: config.NODE_ENV, LOG_LEVEL: config.LOG_LEVEL, DATABASE_URL: databaseUrl },
  };
}
