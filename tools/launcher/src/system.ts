import fs from 'node:fs/promises';
import path from 'node:path';
import { redactString } from '@datasync/logger';
import { resolveDataDir, type LauncherConfig } from './config';
import { demoSteps, describeDemo, removeDemoFile, writeDemoFile, type DemoInfo } from './demo';
import { waitForHealth } from './health';
import { loadLocalState, saveLocalState, type LocalState } from './localState';
import { PortPicker } from './ports';
import { startEmbeddedPostgres } from './postgres';
import { ProcessGroup, prefixedStdout, type ExitStatus, type ManagedChild } from './processes';
import { startRedisServer } from './redis';
import { migrateSpec, planServices, type PlannedService } from './services';

const STOP_GRACE_MS = 10_000;

/**
 * The whole system on one machine: Postgres and Redis (given or started), migrations, the
 * services, the demo. Stopping is ordered: services drain first, then the stores they use.
 */
export class LocalSystem {
  private readonly group: ProcessGroup;
  private readonly infrastructure: ManagedChild[] = [];
  private readonly services: ManagedChild[] = [];
  private stopping?: Promise<void>;

  constructor(
    private readonly config: LauncherConfig,
    onUnexpectedExit: (message: string) => void,
  ) {
    this.group = new ProcessGroup(prefixedStdout, (child, status) =>
      onUnexpectedExit(`${child.spec.name} exited unexpectedly (${describeExit(status)})`),
    );
  }

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
        loaders: loaderPorts,
      },
      { databaseUrl, redisUrl, secretsMasterKeys: config.SECRETS_MASTER_KEYS ?? localState.secretsMasterKeys },
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
      await this.group.stop(this.services, STOP_GRACE_MS);
      await this.group.stop(this.infrastructure, STOP_GRACE_MS);
      // Anything else (a migration still running when Ctrl-C came).
      await this.group.stop(this.group.list(), STOP_GRACE_MS);
      await removeDemoFile(this.dataDir);
      this.log('stopped');
    })();
    return this.stopping;
  }

  /** Ctrl-C twice: no more waiting. */
  kill(): void {
    for (const child of this.group.list()) child.signalGroup('SIGKILL');
  }

  private async startPostgres(dataDir: string, localState: LocalState, ports: PortPicker): Promise<string> {
    // The same port as last time when free: connection strings stored in the demo point at it.
    const port = await ports.pick(localState.postgresPort ?? 0);
    if (port !== localState.postgresPort) await saveLocalState(dataDir, { ...localState, postgresPort: port });
    this.log(`starting embedded postgres on port ${port}`);
    const postgres = await startEmbeddedPostgres({
      dir: path.join(dataDir, 'postgres'),
      port,
      password: localState.postgresPassword,
      database: 'datasync',
      group: this.group,
      timeoutMs: this.config.STARTUP_TIMEOUT_MS,
    });
    this.infrastructure.push(postgres.child);
    return postgres.url;
  }

  private async startRedis(ports: PortPicker): Promise<string> {
    const port = await ports.pick(0);
    this.log(`starting redis-server on port ${port}`);
    const redis = await startRedisServer({ port, group: this.group, timeoutMs: this.config.STARTUP_TIMEOUT_MS });
    this.infrastructure.push(redis.child);
    return redis.url;
  }

  private async startServices(planned: PlannedService[]): Promise<void> {
    const started = planned.map((service) => {
      const child = this.group.start(service.spec);
      this.services.push(child);
      return { service, child };
    });
    await Promise.all(
      started.map(({ service, child }) => waitForHealth(service.url, child, this.config.STARTUP_TIMEOUT_MS)),
    );
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
    control_plane: { database_url: databaseUrl, redis_url: redisUrl },
  };
}

function describeExit(status: ExitStatus): string {
  return status.signal ? `signal ${status.signal}` : `exit code ${String(status.code)}`;
}
