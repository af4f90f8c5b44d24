import { TABLES, type Knex } from '@datasync/db';
import type { Plan } from './planSplit';
import type { Run } from './runs.repository';
import { RUN_TRANSITIONS, SEGMENT_TRANSITIONS, runFrom, type RunStatus } from './runStates';

/**
 * `plan`, once: segment 0 shrinks, the others are added as pending, the run becomes planned
 * with `lowerBound` (where the provider's data begins) as its lower bound. False when another
 * caller planned it first (the run row is locked meanwhile).
 */
export async function applyPlan(knex: Knex, run: Run, plan: Plan, lowerBound = run.lowerBound): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const locked = (await trx(TABLES.runs).where({ id: run.id }).forUpdate().first('planned', 'status')) as
      { planned: boolean; status: RunStatus } | undefined;
    if (!locked || locked.planned || !runFrom('plan').includes(locked.status)) return false;
    if (plan.seg0Gte !== run.lowerBound) {
      await trx(TABLES.segments).where({ run_id: run.id, n: 0 }).update({ created_gte: plan.seg0Gte, updated_at: trx.fn.now() });
    }
    if (plan.others.length > 0) {
      await trx(TABLES.segments).insert(
        plan.others.map((range, i) => ({
          run_id: run.id,
          n: i + 1,
          account_id: run.accountId,
          created_gte: range.gte,
          created_lt: range.lt,
          status: SEGMENT_TRANSITIONS.create.to,
        })),
      );
    }
    await trx(TABLES.runs)
      .where({ id: run.id })
      .update({ status: RUN_TRANSITIONS.plan.to, planned: true, lower_bound: lowerBound, updated_at: trx.fn.now() });
    return true;
  });
}
