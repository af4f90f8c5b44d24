import { TABLES, type Knex } from '@datasync/db';
import type { PartitionPlan } from '@datasync/providers';
import type { Run } from './runs.repository';
import { RUN_TRANSITIONS, SEGMENT_TRANSITIONS, runFrom, type RunStatus } from './runStates';

/**
 * `plan`, once: segment 0 takes the connector's new head partition (keeping its cursor, with
 * `headSplittable` its estimate of what a split could take from it), the others are added as
 * pending, the run becomes planned with the connector's plan and, when it reports one, where the
 * history begins. False when another caller planned it first (the run row is locked meanwhile).
 */
export async function applyPlan(knex: Knex, run: Run, plan: PartitionPlan, headSplittable: number): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const locked = (await trx(TABLES.runs).where({ id: run.id }).forUpdate().first('planned', 'status')) as
      { planned: boolean; status: RunStatus } | undefined;
    if (!locked || locked.planned || !runFrom('plan').includes(locked.status)) return false;
    await trx(TABLES.segments)
      .where({ run_id: run.id, n: 0 })
      .update({ partition: JSON.stringify(plan.head), splittable_rows: headSplittable, updated_at: trx.fn.now() });
    if (plan.others.length > 0) {
      await trx(TABLES.segments).insert(
        plan.others.map((partition, i) => ({
          run_id: run.id,
          n: i + 1,
          account_id: run.accountId,
          partition: JSON.stringify(partition),
          status: SEGMENT_TRANSITIONS.create.to,
        })),
      );
    }
    await trx(TABLES.runs)
      .where({ id: run.id })
      .update({
        status: RUN_TRANSITIONS.plan.to,
        planned: true,
        plan: JSON.stringify(plan.plan),
        lower_bound: plan.historyStart ?? null,
        updated_at: trx.fn.now(),
      });
    return true;
  });
}
