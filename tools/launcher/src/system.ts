import fs from 'node:fs/promises';
import path from 'node:path';
import { redactString } from '@datasync/logger';
import { resolveDataDir, type LauncherConfig } from './config';
import { demoSteps, describeDemo, removeDemoFile, writeDemoFile, type DemoInfo } from './demo';
import { waitForHealth } from './health';
import { loadLocalState, saveLocalState, type LocalState } from './localState';
import { PortPicker } from './ports';
import { prepareEmbeddedPostgres } from './postgres';
import { ProcessGroup, prefixedStdout, type ChildSpec, type ManagedChild } from './processes';
import { redisServerSpec, redisUrl, waitForRedis } from './redis';
import { migrateSpec, planServices, type PlannedService } from './services';
import { SupervisedChild, describeExit } from './supervisedChild';

const STOP_GRACE_MS = 10_000;

/**
 * Ctrl-C stops one tier at a time, each after the one before has exited: loaders while everything
 * they use still answers (so they give their work back instead of logging connection errors),
 * then the APIs, then the emulator they call, then the stores every one of them writes to.
 */
const STOP_ORDER = ['loaders', 'apis', 'emulator', 'stores'] as const;
type StopTier = (typeof STOP_ORDER)[number];

const stopTierOf = (service: PlannedService['service']): StopTier =>
  service === 'loader' ? 'loaders' : service === 'provider-emulator' ? 'emulator' : 'apis';

/**
 * The whole system on one machine: Postgres and Redis (given or started), migrations, the
 * services, the demo. Every long-running child is supervised: once it has come up, an exit nobody
 * asked for restarts it with backoff; only stop() ends them, in STOP_ORDER.
 */
export class LocalSystem {
  private readonly group = new ProcessGroup(prefixedStdout);
  private readonly supervised: { child: SupervisedChild; tier: StopTier }[] = [];
  private stopping?: Promise<void>;

  constructor(
    private readonly config: LauncherConfig,
    /** A child that died before it ever came up: the system cannot start. */
    private readonly onFatalExit: (message: string) => void,
  ) {}

  private get dataDir(): string {
    return resolveDataDir(this.config.DATASYNC_DATA_DIR);
  }

  log(message: string): void {
    prefixedStdout('launcher', redactString(message));
  }

  async start(): Promise<DemoInfo> {
    const { config } = this;
    const { dataDir } = this;
    await fs.mkdir(dataDir, { recursive: true });
    // demo.json exists only while the system is up, so a script waiting for it never reads a stale one.
    await removeDemoFile(dataDir);
    const localState = await loadLocalState(dataDir);
    const ports = new PortPicker(config.HOST);

    const databaseUrl = config.DATABASE_URL ?? (await this.startPostgres(dataDir, localState, ports));
    const redisUrl = config.REDIS_URL ?? (await this.startRedis(ports));

    this.log('running migrations');
    const migrated = await this.group.run(migrateSpec(config, databaseUrl));
    if (migrated.code !== 0) throw new Error(`migrations failed (${describeExit(migrated)})`);

    const loaderPorts: number[] = [];
    for (let i = 0; i < config.LOADER_REPLICAS; i++) {
      loaderPorts.push(await ports.pick(config.LOADER_PORT === 0 ? 0 : config.LOADER_PORT + i));
    }
    const planned = planServices(
      config,
      {
        providerEmulator: await ports.pick(config.PROVIDER_EMULATOR_PORT),
        configService: await ports.pick(config.CONFIG_SERVICE_PORT),
        accountsApi: await ports.pick(config.ACCOUNTS_API_PORT),
        accountsApiMetrics: await ports.pick(config.ACCOUNTS_API_METRICS_PORT),
        configServiceMetrics: await ports.pick(config.CONFIG_SERVICE_METRICS_PORT),
        loaders: loaderPorts,
      },
      {
        databaseUrl,
        redisUrl,
        secretsMasterKeys: config.SECRETS_MASTER_KEYS ?? localState.secretsMasterKeys,
        emulatorStateDir: path.join(dataDir, 'emulator'),
      },
    );
    // The emulator first: the others verify provider keys against it as soon as they serve.
    const [emulator, ...rest] = planned;
    if (emulator) await this.startServices([emulator]);
    await this.startServices(rest);

    const demo = initialDemo(planned, databaseUrl, redisUrl);
    const log = (message: string) => this.log(message);
    for (const step of demoSteps) {
      await step({ config, databaseUrl, redisUrl, services: planned, localState, demo, log });
    }
    const file = await writeDemoFile(dataDir, demo);
    process.stdout.write(describeDemo(demo, file));
    return demo;
  }

  /** Idempotent; safe while start() is still under way. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.log('stopping');
      this.group.close();
      // Before stopping any: a store dying while the loaders drain must not be brought back.
      for (const { child } of this.supervised) child.endSupervision();
      for (const tier of STOP_ORDER) {
        const children = this.supervised.filter((s) => s.tier === tier).map((s) => s.child);
        if (children.length === 0) continue;
        this.log(`stopping ${children.map((child) => child.name).join(', ')}`);
        await Promise.all(children.map((child) => child.stop(STOP_GRACE_MS)));
      }
      // Anything else (a migration still running when Ctrl-C came).
      await this.group.stop(this.group.list(), STOP_GRACE_MS);
      await removeDemoFile(this.dataDir);
      this.log('stopped');
    })();
    return this.stopping;
  }

  /** Ctrl-C twice: no more waiting. */
  kill(): void {
    for (const { child } of this.supervised) child.endSupervision();
    for (const child of this.group.list()) child.signalGroup('SIGKILL');
  }

  private async startPostgres(dataDir: string, localState: LocalState, ports: PortPicker): Promise<string> {
    // The same port as last time when free: connection strings stored in the demo point at it.
    const port = await ports.pick(localState.postgresPort ?? 0);
    if (port !== localState.postgresPort) await saveLocalState(dataDir, { ...localState, postgresPort: port });
    this.log(`starting embedded postgres on port ${port}`);
    // Restarted on the same folder and port after a crash: it replays its WAL, and the services'
    // pools reconnect to the address they already have.
    const postgres = await prepareEmbeddedPostgres({
      dir: path.join(dataDir, 'postgres'),
      port,
      password: localState.postgresPassword,
      database: 'datasync',
      group: this.group,
      timeoutMs: this.config.STARTUP_TIMEOUT_MS,
    });
    await this.supervise(postgres.spec, postgres.ready, 'stores').start();
    return postgres.url;
  }

  private async startRedis(ports: PortPicker): Promise<string> {
    const port = await ports.pick(0);
    this.log(`starting redis-server on port ${port}`);
    // Restarted empty (no persistence), as after a Redis crash: the loaders rebuild what it held.
    const url = redisUrl(port);
    const timeoutMs = this.config.STARTUP_TIMEOUT_MS;
    await this.supervise(redisServerSpec(port), (child) => waitForRedis(url, child, timeoutMs), 'stores').start();
    return url;
  }

  private async startServices(planned: PlannedService[]): Promise<void> {
    const timeoutMs = this.config.STARTUP_TIMEOUT_MS;
    await Promise.all(
      planned.map((service) =>
        this.supervise(service.spec, (child) => waitForHealth(service.url, child, timeoutMs), stopTierOf(service.service)).start(),
      ),
    );
  }

  private supervise(spec: ChildSpec, ready: (child: ManagedChild) => Promise<void>, tier: StopTier): SupervisedChild {
    const child = new SupervisedChild({
      group: this.group,
      spec,
      ready,
      log: (message) => this.log(message),
      onExitBeforeReady: this.onFatalExit,
    });
    this.supervised.push({ child, tier });
    return child;
  }
}

function initialDemo(planned: PlannedService[], databaseUrl: string, redisUrl: string): DemoInfo {
  const url = (service: PlannedService['service']) => planned.find((p) => p.service === service)?.url ?? '';
  return {
    generated_at: new Date().toISOString(),
    services: {
      provider_emulator: url('provider-emulator'),
      config_service: url('config-service'),
      accounts_api: url('accounts-api'),
      loaders: planned.filter((p) => p.service === 'loader').map((p) => p.url),
    },
    metrics: planned.filter((p) => p.service !== 'provider-emulator').map((p) => p.metricsUrl),
    control_plane: { database_url: databaseUrl, redis_url: redisUrl },
  };
}
