import type { ClusterOptions } from 'ioredis';
import { DISCONNECT_TIMEOUT_MS, retryStrategy, roleOptions, type RedisRole } from './redisRoles';

/**
 * ioredis Cluster options for a role. The role's options apply to every node's connection,
 * except the offline queue, which a cluster keeps for itself: a producer's cluster refuses
 * commands at once while it is not ready, as a producer's single connection does. The nodes'
 * addresses come from REDIS_CLUSTER_NODES and CLUSTER SLOTS; REDIS_URL gives what every node
 * needs alike: user, password and TLS (rediss://).
 */
export function clusterOptions(url: string, role: RedisRole): ClusterOptions {
  const { enableOfflineQueue, ...nodeOptions } = roleOptions[role];
  const { username, password, protocol } = new URL(url);
  const tls = protocol === 'rediss:';
  return {
    ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
    enableReadyCheck: true,
    clusterRetryStrategy: retryStrategy,
    redisOptions: {
      ...nodeOptions,
      ...(username ? { username: decodeURIComponent(username) } : {}),
      ...(password ? { password: decodeURIComponent(password) } : {}),
      ...(tls ? { tls: {} } : {}),
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
      connectionName: `datasync-${role}`,
    },
    // Managed clusters with TLS name their nodes by DNS names their certificates carry: connect
    // by name rather than by the address ioredis would resolve it to, or the certificate check fails.
    ...(tls ? { dnsLookup: (address: string, callback: (err: null, address: string) => void) => callback(null, address) } : {}),
  };
}
