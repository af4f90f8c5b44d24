export { connectForTest } from './config';
export { findRedisServer, startRedisCluster, type TestRedisCluster } from './redisCluster';
export { deleteKeysUnder, keysUnder, pollUntil, uniquePrefix } from './redisFixture';
export { testCatalog, type TestCatalog } from './testCatalog';
