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
 * The demo's login (the seed's DEMO_EMAIL) operates the queue dashboard, so `npm start` shows
 * /ops/queues; OPS_OPERATOR_EMAILS set in the launcher's environment wins.
 */
function demoOperatorEmails(): string {
  const env = inheritedEnv();
  return env.OPS_OPERATOR_EMAILS ?? env.DEMO_EMAIL ?? 'demo@datasync.local';
}

/** The services in start order: the emulator first, since the others call it. */
export function planServices(config: LauncherConfig, ports: ServicePorts, shared: SharedSettings): PlannedService[] {
  const emulatorUrl = serviceUrl(config.HOST, ports.providerEmulator);
  const common = { NODE_ENV: config.NODE_ENV, LOG_LEVEL: config.LOG_LEVEL, HOST: config.HOST };
  const backend = {
    ...common,
    DATABASE_URL: shared.databaseUrl,
    REDIS_URL: shared.redisUrl,
    SECRETS_MASTER_KEYS: shared.secretsMasterKeys,
    PROVIDER_STRIPE_BASE_URL: emulatorUrl,
    // The demo destination is a database on this machine, which the network guard refuses otherwise.
    DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true',
    // A developer's webhook receiver listens on this machine too (docs/webhook-endpoints.md).
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  const plan = (
    name: string,
    service: PlannedService['service'],
    port: number,
    env: Record<string, string>,
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
      env: { ...inheritedEnv(), ...env, PORT: String(port), ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}) },
    },
  });
  return [
    plan('provider-emulator', 'provider-emulator', ports.providerEmulator, { ...common, EMULATOR_STATE_DIR: shared.emulatorStateDir }),
    plan(
      'config-service',
      'config-service',
      ports.configService,
      { ...backend, OPS_OPERATOR_EMAILS: demoOperatorEmails() },
      ports.configServiceMetrics,
    ),
    plan('accounts-api', 'accounts-api', ports.accountsApi, backend, ports.accountsApiMetrics),
    ...ports.loaders.map((port, i) => plan(`loader-${i + 1}`, 'loader', port, backend)),
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
