export { dbEnv, type DbEnvConfig } from './dbEnv';
export { createKnex, createPgPool, pingDatabase, type DbOptions, type Knex } from './connection';
export { DirectoryMigrationSource, migrateLatest, migrateRollback, type MigrationResult } from './migrator';
export { databaseName, dropDatabase, ensureDatabase, withDatabase } from './databases';
export * from './tables';
export { SEALED_COLUMNS, sealedColumnStore, sealedPlace, type SealedColumn } from './sealedColumns';
export { accountFence, collectionFence, DEFAULT_FENCE_WAIT_MS, shareFences, waitOutFence, type FenceKey } from './writeFence';
