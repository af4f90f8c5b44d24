import Joi from 'joi';
import { CLUSTER_NODES_PATTERN, hasHashTag } from './clusterNodes';

const QUEUE_PREFIX = Joi.string()
  // BullMQ joins prefix, queue name and job id with ':', so the prefix itself must not hold one.
  .pattern(/^[A-Za-z0-9_{}.-]{1,64}$/)
  .default('{datasync}');

/**
 * The queue settings every service that enqueues or runs jobs shares. Spread into a service's
 * config schema (`{ ...commonEnv, ...queueEnv, ... }`); the config object goes to
 * createRedisConnection and its prefix to createProducer / createWorkers.
 */
export const queueEnv = {
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .default('redis://127.0.0.1:6379')
    .description(
      'Redis holding the BullMQ queues (redis:// or rediss://, may carry a password); with REDIS_CLUSTER_NODES only its user, password and scheme are used',
    ),
  REDIS_CLUSTER_NODES: Joi.string()
    .allow('')
    .default('')
    .pattern(CLUSTER_NODES_PATTERN, 'host:port list')
    .messages({ 'string.pattern.name': '{{#label}} must be a comma-separated list of host:port (Redis Cluster nodes)' })
    .description(
      'set ⇒ Redis Cluster: "host:port,host:port" nodes to discover the cluster from (any subset of its nodes); empty ⇒ one Redis at REDIS_URL',
    ),
  QUEUE_PREFIX: QUEUE_PREFIX.when('REDIS_CLUSTER_NODES', {
    is: Joi.string().min(1),
    then: Joi.custom((value: string, helpers) =>
      hasHashTag(value) ? value : helpers.error('queuePrefix.hashTag', { example: '{datasync}' }),
    ),
  })
    .messages({
      'queuePrefix.hashTag':
        "{{#label}} must hold a Redis Cluster hash tag, such as {{#example}}, when REDIS_CLUSTER_NODES is set: each queue's keys must share one slot",
    })
    .description('key prefix of every queue; its {hash tag} keeps a queue in one Redis Cluster slot (required with REDIS_CLUSTER_NODES)'),
};

export interface QueueConfig {
  REDIS_URL: string;
  REDIS_CLUSTER_NODES: string;
  QUEUE_PREFIX: string;
}
