import path from 'node:path';
import type { Express } from 'express';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Logger } from '@datasync/logger';
import { repoRoot } from '../config';

// Tools are not built against the services and most libs (no project references), so the deploy
// tests load what they check from the sources by path, as docs/serviceSchemas.ts does, typed
// here with only what they use. Under jest the sources are compiled on the fly.

const load = <T>(...segments: string[]): T => require(path.join(repoRoot, ...segments)) as T;

interface QueueModule {
  jobCatalog: { queues: readonly string[]; jobs: Record<string, { queue: string }> };
  createProducer(
    connection: Redis,
    options: { prefix: string; catalog: unknown },
  ): {
    enqueue(name: string, payload: Record<string, unknown>): Promise<{ id: string }>;
    close(): Promise<void>;
  };
  queueDepths(connection: Redis, prefix: string): Promise<Record<string, { waiting: number }>>;
}

interface HttpModule {
  createHttpApp(options: { logger: Logger; readiness: unknown; metrics?: unknown }): Express;
  createHttpMetrics(options: { processPrefix: string }): { registry: Registry; middleware: unknown };
  serveMetrics(options: { registry: Registry; port: number; host: string; logger: Logger }): Promise<import('node:http').Server>;
  Readiness: new (checks: Record<string, () => Promise<void>>) => unknown;
}

interface LoaderMetricsModule {
  createLoaderMetrics(
    depths: () => Promise<Record<string, Record<string, number>>>,
    oldest?: () => Promise<Record<string, number>>,
  ): {
    registry: Registry;
    rowsWritten: { inc(labels: { table: string }, value: number): void };
  };
}

interface LoaderAppModule {
  createApp(deps: { logger: Logger; readiness: unknown; metrics: Registry }): Express;
}

interface FleetMetricsModule {
  registerFleetMetrics(registry: Registry, read: () => Promise<unknown>): void;
}

export const queueModule = () => load<QueueModule>('libs', 'queue', 'src');
export const httpModule = () => load<HttpModule>('libs', 'http', 'src');
export const loaderMetricsModule = () => load<LoaderMetricsModule>('services', 'loader', 'src', 'metrics', 'metrics.ts');
export const loaderAppModule = () => load<LoaderAppModule>('services', 'loader', 'src', 'app.ts');
export const fleetMetricsModule = () => load<FleetMetricsModule>('services', 'loader', 'src', 'metrics', 'fleetMetrics.ts');

interface PoisonedGaugeModule {
  registerPoisonedGauge(registry: Registry, knex: unknown): void;
}

export const poisonedGaugeModule = () => load<PoisonedGaugeModule>('services', 'loader', 'src', 'state', 'poisonedGauge.ts');

interface TestingModule {
  testRedisUrl(): string;
  /** The shared test knex (migrated by the integration tests' global setup). */
  getTestKnex(): unknown;
  closeTestKnex(): Promise<void>;
  freePort(host?: string): Promise<number>;
}

export const testingModule = () => load<TestingModule>('libs', 'testing', 'src');
