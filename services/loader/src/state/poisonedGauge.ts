import { Gauge, type Registry } from 'prom-client';
import { TABLES, type Knex } from '@datasync/db';

/**
 * `datasync_loader_accounts_poisoned{code}`: accounts stopped by an abnormal failure, waiting for an
 * operator (docs/operations.md, DatasyncAccountsPoisoned). Read from the control plane at every scrape,
 * so every replica reports the fleet's count, not only what it saw fail itself; the partial index
 * `account_states_poisoned` holds only those rows, so the query never scans the accounts.
 */
export function registerPoisonedGauge(registry: Registry, knex: Knex): Gauge<'code'> {
  return new Gauge({
    name: 'datasync_loader_accounts_poisoned',
    help: 'accounts in error whose automatic retries stopped after an abnormal failure, by error code',
    labelNames: ['code'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const rows = (await knex(TABLES.accountStates)
          .whereNotNull('poisoned_at')
          .groupBy('error_code')
          .select('error_code', knex.raw('count(*)::int as count'))) as { error_code: string | null; count: number }[];
        for (const row of rows) this.set({ code: row.error_code ?? 'unknown' }, row.count);
      } catch {
        // Postgres unreachable: the other metrics still answer; /ready reports it.
      }
    },
  });
}
