import type { CatalogResource } from '../catalog';
import type { AccountReader, Page } from '../connector';
import { splitCreatedRange, splitRange, type CreatedRange } from '../stripe/backfill/createdRange';

export interface ParallelReadOptions {
  range: CreatedRange;
  concurrency: number;
  limit?: number;
  /** Called once per page, in no particular order across segments. */
  onPage: (page: Page, segment: CreatedRange) => Promise<void> | void;
}

export interface ParallelReadResult {
  pages: number;
  objects: number;
  /** Segments split off while reading, because a reader had nothing left to do. */
  splits: number;
}

/**
 * Reads a whole `created` range with `concurrency` readers in one process: the range starts as
 * that many segments and, whenever a reader runs out of work, a segment still being read gives
 * it its older part (splitCreatedRange). The loader does the same across jobs; this serves the
 * benchmarks and tests.
 */
export async function parallelRead(
  reader: AccountReader,
  resource: string | CatalogResource,
  options: ParallelReadOptions,
): Promise<ParallelReadResult> {
  const queue = splitRange(options.range.gte, options.range.lt, options.concurrency);
  const result: ParallelReadResult = { pages: 0, objects: 0, splits: 0 };
  const waiting: (() => void)[] = [];
  let active = 0;
  let failed = false;
  const wake = () => waiting.splice(0).forEach((resolve) => resolve());

  async function readSegment(segment: CreatedRange): Promise<void> {
    let current = segment;
    let startingAfter: string | undefined;
    for (;;) {
      const page = await reader.fetchPage(resource, {
        createdGte: current.gte,
        createdLt: current.lt,
        limit: options.limit ?? 100,
        ...(startingAfter ? { startingAfter } : {}),
      });
      result.pages++;
      result.objects += page.objects.length;
      await options.onPage(page, current);
      if (!page.hasMore || page.lastId === null || failed) return;
      startingAfter = page.lastId;
      if (waiting.length > 0 && queue.length === 0 && page.lastCreated !== null) {
        const parts = splitCreatedRange(current, page.lastCreated);
        if (parts) {
          current = parts.keep;
          queue.push(parts.rest);
          result.splits++;
          wake();
        }
      }
    }
  }

  async function work(): Promise<void> {
    while (!failed) {
      const segment = queue.shift();
      if (!segment) {
        if (active === 0) return wake();
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      active++;
      try {
        await readSegment(segment);
      } catch (err) {
        failed = true;
        throw err;
      } finally {
        active--;
        wake();
      }
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, work));
  return result;
}
