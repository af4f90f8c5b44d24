import Joi from 'joi';

/**
 * The queue settings every service that enqueues or runs jobs shares. Spread into a service's
 * config schema (`{ ...commonEnv, ...queueEnv, ... }`); the values go to createRedisConnection
 * and to createProducer / createWorkers.
 */
export const queueEnv = {
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .default('redis://127.0.0.1:6379')
    .description('Redis holding the BullMQ queues (redis:// or rediss://, may carry a password)'),
  QUEUE_PREFIX: Joi.string()
    // BullMQ joins prefix, queue name and job id with ':', so the prefix itself must not hold one.
    .pattern(/^[A-Za-z0-9_{}.-]{1,64}$/)
    .default('{datasync}')
    .description('key prefix of every queue; the {hash tag} keeps a queue in one Redis Cluster slot'),
};

export interface QueueConfig {
  REDIS_URL: string;
  QUEUE_PREFIX: string;
}
