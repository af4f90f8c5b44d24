/** One Redis Cluster node to start from; the client learns the others from CLUSTER SLOTS. */
export interface ClusterNode {
  host: string;
  port: number;
}

// host:port with a DNS name or an IPv4 address, or [IPv6]:port.
const NODE = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9][A-Za-z0-9.-]*)):([0-9]{1,5})$/;

/** `REDIS_CLUSTER_NODES` as the schema accepts it: `host:port` entries, comma-separated. */
export const CLUSTER_NODES_PATTERN =
  /^\s*(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]*):[0-9]{1,5}\s*(?:,\s*(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]*):[0-9]{1,5}\s*)*$/;

/** The startup nodes of `REDIS_CLUSTER_NODES`; none (standalone Redis) for an empty value. */
export function parseClusterNodes(list: string): ClusterNode[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const match = NODE.exec(entry);
      const port = Number(match?.[3]);
      if (!match || port < 1 || port > 65_535) throw new Error(`not a host:port Redis Cluster node: ${entry}`);
      return { host: match[1] ?? match[2]!, port };
    });
}

/**
 * Whether every key starting with `prefix` hashes to one Redis Cluster slot. Redis hashes only
 * the part of a key between its first `{` and the next `}`, when that part is not empty (its
 * "hash tag"); a key starting with the prefix has the prefix's first `{`, so the prefix must
 * close that tag itself. BullMQ's Lua scripts touch several keys of one queue at once, which a
 * cluster refuses (CROSSSLOT) unless they share a slot.
 */
export function hasHashTag(prefix: string): boolean {
  const open = prefix.indexOf('{');
  if (open === -1) return false;
  return prefix.indexOf('}', open + 1) > open + 1;
}
