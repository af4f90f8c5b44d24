import { Gauge, type Metric, type Registry } from 'prom-client';
import { ACCOUNT_STATUSES, FRESHNESS_BUCKETS } from './fleetStats.repository';
import type { FleetSnapshot } from './fleetSnapshot';

/**
 * Reads the fleet snapshot once per scrape for the three families below: prom-client collects
 * them one after the other, and the first read is shared by the others for a second.
 */
function sharedRead(read: () => Promise<FleetSnapshot | undefined>): () => Promise<FleetSnapshot | undefined> {
  let last: { at: number; value: Promise<FleetSnapshot | undefined> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > 1_000) last = { at: Date.now(), value: read().catch(() => undefined) };
    return last.value;
  };
}

/**
 * The figures about all accounts, from the fleet snapshot (fleetSnapshot.ts), never a query per
 * scrape: `datasync_loader_accounts{status}` (one series per status),
 * `datasync_loader_account_freshness_seconds` (a histogram of every active account's lag) and
 * `datasync_loader_account_lag_seconds{account}` for the worst accounts only. Without a snapshot
 * the families are served empty.
 */
export function registerFleetMetrics(registry: Registry, readSnapshot: () => Promise<FleetSnapshot | undefined>): void {
  const read = sharedRead(readSnapshot);
  new Gauge({
    name: 'datasync_loader_accounts',
    help: `accounts per status (${ACCOUNT_STATUSES.join(', ')}), fleet-wide`,
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const snapshot = await read();
      if (snapshot) for (const status of ACCOUNT_STATUSES) this.set({ status }, snapshot.accounts[status] ?? 0);
    },
  });
  new Gauge({
    name: 'datasync_loader_account_lag_seconds',
    help: 'seconds since the oldest table of the account was last brought up to date with the provider events, for the accounts furthest behind only',
    labelNames: ['account'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const snapshot = await read();
      for (const { account, lag } of snapshot?.worst ?? []) this.set({ account }, lag);
    },
  });
  registry.registerMetric(freshnessHistogram(read) as unknown as Metric);
}

const FRESHNESS = 'datasync_loader_account_freshness_seconds';

/**
 * A histogram that holds the distribution of the active accounts' lags at the snapshot, not
 * observations accumulated since the start: read it as it is (histogram_quantile over its
 * buckets), never through rate(). prom-client has no such metric, so this one serves the
 * histogram's series itself.
 */
function freshnessHistogram(read: () => Promise<FleetSnapshot | undefined>) {
  const help = "active accounts by lag behind the provider's events (seconds), at the fleet's last snapshot";
  return {
    name: FRESHNESS,
    help,
    type: 'histogram',
    aggregator: 'max',
    reset: () => undefined,
    async get() {
      const snapshot = await read();
      const values = snapshot
        ? [
            ...FRESHNESS_BUCKETS.map((le, i) => ({
              metricName: `${FRESHNESS}_bucket`,
              labels: { le },
              value: snapshot.freshness.buckets[i] ?? 0,
            })),
            { metricName: `${FRESHNESS}_bucket`, labels: { le: '+Inf' }, value: snapshot.freshness.count },
            { metricName: `${FRESHNESS}_sum`, labels: {}, value: snapshot.freshness.sum },
            { metricName: `${FRESHNESS}_count`, labels: {}, value: snapshot.freshness.count },
          ]
        : [];
      return { name: FRESHNESS, help, type: 'histogram', aggregator: 'max', values };
    },
  };
}
