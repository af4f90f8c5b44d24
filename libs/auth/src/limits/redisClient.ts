import type { Cluster, Redis } from 'ioredis';

/** One Redis server or a Redis Cluster: the limits' keys are single keys, which either serves. */
export type RedisClient = Redis | Cluster;
