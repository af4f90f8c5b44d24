import type { Queue } from 'bullmq';
import { catalogQueues, closeQueues } from './catalogQueues';
import type { OpsEnvConfig } from './opsEnv';
import { OpsRoles } from './opsRoles';
import type { RedisConnection } from '@datasync/queue';

/** What the queue dashboard needs: the Redis connection, the catalog's queues on it and who may see them. */
export interface OpsDashboard {
  connection: RedisConnection;
  queues: readonly Queue[];
  roles: OpsRoles;
}

export function createOpsDashboard(
  connection: RedisConnection,
  config: OpsEnvConfig & { QUEUE_PREFIX: string },
): OpsDashboard & { close(): Promise<void> } {
  const queues = catalogQueues(connection, config.QUEUE_PREFIX);
  return { connection, queues, roles: new OpsRoles(config), close: () => closeQueues(queues) };
}
