import { Gauge, type Registry } from 'prom-client';
import { TABLES, type Knex } from '@datasync/db';

/**
 * `datasync_loader_account_lag_seconds{account}`: how far behind the provider each active,
 * loaded account may be, the age of the oldest of its tables' last complete poll. Read from the
 * control plane at every scrape, so every loader replica reports the same value and a stalled
 * scheduler shows as a growing lag rather than as a missing series.
 */
export function registerLagGauge(registry: Registry, knex: Knex): Gauge<'account'> {
  return new Gauge({
    name: 'datasync_loader_account_lag_seconds',
    help: 'seconds since the oldest table of the account was last brought up to date with the provider events',
    labelNames: ['account'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = (await knex(`${TABLES.eventCursors} as ec`)
          .join(`${TABLES.accounts} as a`, 'a.id', 'ec.account_id')
          .where('a.active', true)
          .whereNull('a.deleting_at')
          .whereNotNull('ec.polled_at')
          .groupBy('ec.account_id')
          .select('ec.account_id', knex.raw('extract(epoch from now() - min(ec.polled_at)) as lag'))) as {
          account_id: string;
          lag: string;
        }[];
        for (const row of rows) this.set({ account: row.account_id }, Number(row.lag));
      } catch {
        // Postgres unreachable: the other metrics still answer; /ready reports it.
      }
    },
  });
}
