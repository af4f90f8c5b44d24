export { exportTestEnv, testDatabaseUrl, testEnv, testMysqlUrl, testRedisUrl, type TestEnv } from './config';
export { closeTestKnex, getTestKnex } from './testKnex';
export { createTestRedis, randomQueuePrefix } from './testRedis';
export { createTestTenant, insertTestAccount, type TestAccountInput, type TestTenant, type TestTenantOptions } from './tenant';
export { WaitForTimeoutError, waitFor, type Truthy, type WaitForOptions } from './waitFor';
export { freePort } from './freePort';
export { ensureDatabase, prepareTestDatabase } from './testDatabase';
export { startEmulator, type EmulatorAccount, type StartEmulatorOptions, type TestEmulator } from './emulator';
export { parameterInvalid } from './apiErrors';
