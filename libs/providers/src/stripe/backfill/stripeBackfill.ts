import type { Page } from '../../connector';
import type { ProviderBackfill } from '../../contract/backfill';
import { backfillRange, splitCreatedRange } from './createdRange';
import { EARLIEST_CREATED, findOldestCreated, newestBefore } from './oldestCreated';
import { planSplit } from './planRanges';
import { readCreatedRange } from './readCreatedRange';
import { partitionJson, rangeOf, toCursor, toPartition, toPlan } from './stripePartition';

// The search's rounds run while the segments wait for the plan and the budget idles: several
// requests at once, 4–5 answer times for ten years of history instead of 13.
const OLDEST_PROBES_PER_ROUND = 7;

/**
 * Stripe's backfill (docs/providers.md, "Backfill"): a run's history is a `created` range from
 * where the resource's data begins to the second the run starts, read newest first. The whole
 * range is the first partition, so its first page is the newest rows; planning then finds the
 * oldest object (findOldestCreated) and splits what is left, as dense as that first page, into
 * ranges read in parallel. A range in flight splits at a whole second below its cursor.
 */
export const stripeBackfill: ProviderBackfill = {
  start(_resource, { now, previous }) {
    // A resync starts where the table's first run found the data to begin; a backfill, before
    // any Stripe object (the account's `created` is no bound: a connected account's is when it connected).
    const lower = previous === undefined ? EARLIEST_CREATED : toPlan(previous).createdGte;
    const range = partitionJson(backfillRange(lower, now));
    return { plan: range, partition: range };
  },

  prefetchPlan(reader, resource, plan, { accountCreated }) {
    const { createdGte } = toPlan(plan);
    if (accountCreated === undefined || accountCreated <= createdGte) return undefined;
    return newestBefore(reader, resource, createdGte, accountCreated);
  },

  async planPartitions(reader, resource, { plan, head, hints }) {
    const run = toPlan(plan);
    const headRange = toPartition(head.partition);
    const cursorCreated = head.cursor === null ? null : toCursor(head.cursor).created;
    if (head.done || cursorCreated === null) {
      return { plan, head: head.partition, others: [], historyStart: run.createdGte };
    }
    const oldest = await findOldestCreated(reader, resource, cursorCreated, {
      floor: run.createdGte,
      ...(hints.accountCreated === undefined ? {} : { hint: hints.accountCreated }),
      ...(hints.prefetched ? { hintProbe: hints.prefetched as Promise<Page> } : {}),
      probesPerRound: OLDEST_PROBES_PER_ROUND,
    });
    const lower = oldest.lowerBound;
    const split = planSplit({
      lower,
      upper: headRange.createdLt,
      headRows: head.rowsRead,
      cursorCreated,
      pageSize: hints.pageSize,
      pagesPerSegment: hints.pagesPerPartition,
      maxSegments: hints.maxPartitions,
    });
    return {
      plan: partitionJson({ gte: lower, lt: run.createdLt }),
      head: partitionJson({ gte: split.seg0Gte, lt: headRange.createdLt }),
      others: split.others.map(partitionJson),
      historyStart: lower,
      notes: { requests: oldest.requests, rounds: oldest.rounds },
    };
  },

  readPartition(reader, resource, partition, cursor, { limit }) {
    return readCreatedRange(reader, resource, toPartition(partition), cursor === null ? null : toCursor(cursor), limit);
  },

  restrictPage(partition, page) {
    const { createdGte } = toPartition(partition);
    // Newest first: past the bound only the end of the range's last page.
    const objects = page.objects.filter((o) => typeof o.created !== 'number' || o.created >= createdGte);
    const next = page.nextCursor === null ? null : toCursor(page.nextCursor);
    const ended = next !== null && next.created !== null && next.created < createdGte;
    if (objects.length === page.objects.length && !ended) return page;
    return { ...page, objects, nextCursor: ended ? null : page.nextCursor };
  },

  splitPartition(partition, cursor) {
    const { created } = toCursor(cursor);
    if (created === null) return null;
    const parts = splitCreatedRange(rangeOf(toPartition(partition)), created);
    return parts && { keep: partitionJson(parts.keep), rest: partitionJson(parts.rest) };
  },

  splittableRows(partition, cursor, rowsRead) {
    const created = cursor === null ? null : toCursor(cursor).created;
    if (created === null || rowsRead <= 0) return 0;
    const { createdGte: gte, createdLt: lt } = toPartition(partition);
    if (created - gte < 2) return 0;
    // What is left is taken to be as dense as what was read: rows per second so far × seconds left.
    return Math.floor((rowsRead * (created - gte)) / Math.max(1, lt - created));
  },
};
