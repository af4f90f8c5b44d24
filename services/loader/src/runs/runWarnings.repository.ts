import { TABLES, type Knex } from '@datasync/db';
import type { ProviderWarning } from '@datasync/providers';

/**
 * Adds warnings to the run, one per code: every segment of a run may meet the same refusal, and
 * the collection shows it once. A concurrent update is re-evaluated on the row it waited for, so
 * two segments adding the same code leave one.
 */
export async function recordRunWarnings(db: Knex, runId: string, warnings: readonly ProviderWarning[]): Promise<void> {
  if (warnings.length === 0) return;
  await db.raw(
    `update ${TABLES.runs} r set warnings = r.warnings || coalesce((
       select jsonb_agg(w) from jsonb_array_elements(:warnings::jsonb) w
       where not exists (select 1 from jsonb_array_elements(r.warnings) e where e->>'code' = w->>'code')
     ), '[]'::jsonb), updated_at = now()
     where r.id = :runId and not r.warnings @> :codes::jsonb`,
    {
      runId,
      warnings: JSON.stringify(warnings.map(({ code, message }) => ({ code, message }))),
      codes: JSON.stringify(warnings.map(({ code }) => ({ code }))),
    },
  );
}
