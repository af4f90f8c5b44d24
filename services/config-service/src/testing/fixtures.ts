import type { Express } from 'express';
import type { TestEmulator } from '@datasync/testing';
import { as, type ApiCaller } from './resourceApp';

export interface SyncFixture {
  source: string;
  destination: string;
  sync: string;
  /** The source's private key: must never come back. */
  privateKey: string;
  providerAccountId: string;
}

/** A source (a new emulator account), a destination and a sync connecting them, created through the API. */
export async function createSyncFixture(
  app: Express,
  caller: ApiCaller,
  options: { emulator: TestEmulator; connectionString: string; engine?: 'postgres' | 'mysql' | 's3'; prefix?: string },
): Promise<SyncFixture> {
  const prefix = options.prefix ?? 'demo';
  const api = as(app, caller);
  const account = await options.emulator.createAccount();
  const fixture = {
    source: `${prefix}_source`,
    destination: `${prefix}_destination`,
    sync: `${prefix}_sync`,
    privateKey: account.secret_key,
    providerAccountId: account.id,
  };
  await api.post('/sources', { name: fixture.source, provider: 'stripe', private_key: account.secret_key }).expect(201);
  await api
    .post('/destinations', { name: fixture.destination, engine: options.engine ?? 'postgres', connection_string: options.connectionString })
    .expect(201);
  await api.post('/syncs', { name: fixture.sync, source: fixture.source, destination: fixture.destination }).expect(201);
  return fixture;
}
