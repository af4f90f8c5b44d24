export {
  defaultJobOptions,
  defineCatalog,
  defineJob,
  type AnyCatalog,
  type Catalog,
  type JobDefinition,
  type JobName,
  type JobNameIn,
  type JobOptions,
  type PayloadOf,
  type QueueName,
} from './defineCatalog';
export { hasHashTag, parseClusterNodes, type ClusterNode } from './clusterNodes';
export { queueEnv, type QueueConfig } from './config';
export { PRODUCER_COMMAND_TIMEOUT_MS } from './redisRoles';
export {
  closeRedisConnection,
  createRedisConnection,
  pingRedis,
  waitForReady,
  type RedisConnection,
  type RedisConnectionOptions,
  type RedisRole,
  type RedisSettings,
} from './connection';
export { delayJob } from './delayJob';
export { splitTraceContext, TRACEPARENT_KEY } from './jobTrace';
export { CatalogError, InvalidJobPayloadError, QueueUnavailableError } from './errors';
export { jobCatalog, VERIFY_SCOPES, type JobCatalog, type VerifyScope } from './jobCatalog';
export { createProducer, type EnqueueOptions, type Producer, type ProducerOptions } from './producer';
export { oldestWaitingSeconds } from './oldestWaiting';
export { queueDepths, type QueueDepth } from './queueDepths';
export { scanKeys } from './scanKeys';
export { createWorkers, type Handlers, type JobContext, type JobHandler, type Workers, type WorkersOptions } from './workers';
