import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { createPostgresDestination, type PostgresDestination } from './destinationDatabases';

// What most route test files start before their tests and stop after them: the provider emulator
// over HTTP, a scratch Postgres destination of the file's own, and (after them) the shared test knex.

export interface ProviderAndDestination {
  readonly emulator: TestEmulator;
  readonly pg: PostgresDestination;
}

/**
 * Registers the file's `beforeAll` and `afterAll` hooks; call it at the top level, before hooks
 * that use what it starts (Jest runs `beforeAll` hooks in the order they are registered). The
 * fields can be read from then on, inside hooks and tests.
 */
export function useProviderAndDestination(): ProviderAndDestination {
  let emulator: TestEmulator | undefined;
  let pg: PostgresDestination | undefined;
  beforeAll(async () => {
    [emulator, pg] = await Promise.all([startEmulator(), createPostgresDestination()]);
  });
  afterAll(async () => {
    await Promise.all([emulator?.stop(), pg?.drop()]);
    await closeTestKnex();
  });
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is started in beforeAll: read it inside a hook or a test`);
    return value;
  };
  return {
    get emulator() {
      return started(emulator, 'the emulator');
    },
    get pg() {
      return started(pg, 'the destination database');
    },
  };
}
