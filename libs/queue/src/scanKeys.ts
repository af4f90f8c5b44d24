import { Cluster } from 'ioredis';
import type { RedisConnection } from './connection';

/**
 * Every key matching `pattern` (a SCAN glob). A cluster's SCAN answers from one node only, so
 * there every master is scanned; replicas hold copies of the masters' keys and are skipped.
 */
export async function scanKeys(connection: RedisConnection, pattern: string): Promise<string[]> {
  const nodes = connection instanceof Cluster ? connection.nodes('master') : [connection];
  const keys: string[] = [];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, batch] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
  }
  return keys;
}
