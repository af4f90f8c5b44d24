import { withClient } from './pgAdmin';

/** A jest project of `npm test` and its wall-clock budget. */
export interface Tier {
  project: string;
  budgetMs: number;
}

/**
 * Connections the test Postgres must allow for the lanes to run side by side: an end-to-end world
 * (two loaders at their default pools, the API) beside the integration tests passes the default
 * of 100, as the compose file's Postgres found with the same processes.
 */
export const SIDE_BY_SIDE_MIN_CONNECTIONS = 200;

/**
 * The lanes `npm test` runs side by side, each one's tiers one after the other; all in one lane
 * when Postgres allows too few connections for them at once (slower, but no test fails for want
 * of a connection).
 */
export function planLanes(lanes: Tier[][], maxConnections: number): Tier[][] {
  return maxConnections >= SIDE_BY_SIDE_MIN_CONNECTIONS ? lanes : [lanes.flat()];
}

export async function postgresMaxConnections(url: string): Promise<number> {
  return withClient(url, async (client) =>
    Number((await client.query<{ max_connections: string }>('show max_connections')).rows[0]?.max_connections),
  );
}
