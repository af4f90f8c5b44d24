import type { AccountReader, CatalogResource } from '@datasync/providers';
import type { ListedObject } from './compareWindow';

/** A `created` range of the provider's listing (unix seconds, [createdGte, createdLt)) and every object it holds. */
export interface ListedWindow {
  createdGte: number;
  createdLt: number;
  listed: Map<string, ListedObject>;
  /** Epoch ms: when the window's first page arrived (its objects' absence is dated from then). */
  listedAt: number;
  pages: number;
}

export interface WindowWalk {
  /** Inclusive lower bound; null: from the first object. */
  from: number | null;
  /** Exclusive upper bound. */
  cursor: number;
  /** Objects a window gathers before it is compared: whole pages, so at least one page. */
  windowObjects: number;
  pageSize: number;
  /** While true, a window closes at its next page, however few objects it holds. */
  closeEarly?: () => boolean;
  /** Asked before each page: false ends the walk there, without the window under way. */
  mayGoOn?: () => Promise<boolean>;
}

/**
 * Lists [from, cursor) newest first, one page after the other (a full walk costs one request per
 * page of objects, nothing more), and cuts it into windows of about `windowObjects`. A window ends
 * between two `created` seconds: the objects of the last page's oldest second may go on in the
 * next page, so they are held back for the next window, whose range holds that second.
 */
export async function* createdWindows(reader: AccountReader, resource: CatalogResource, walk: WindowWalk): AsyncGenerator<ListedWindow> {
  let upper = walk.cursor;
  let held: ListedObject[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const listed = new Map<string, ListedObject>(held.map((item) => [item.object.id, item]));
    let listedAt = held.length > 0 ? Math.min(...held.map((item) => item.fetchedAt)) : Number.POSITIVE_INFINITY;
    held = [];
    let pages = 0;
    for (;;) {
      if (walk.mayGoOn && !(await walk.mayGoOn())) return;
      const page = await reader.fetchPage(resource, {
        ...(walk.from === null ? {} : { createdGte: walk.from }),
        createdLt: walk.cursor,
        limit: walk.pageSize,
        ...(startingAfter ? { startingAfter } : {}),
      });
      pages += 1;
      const fetchedAt = page.fetchedAt.getTime();
      listedAt = Math.min(listedAt, fetchedAt);
      for (const object of page.objects) listed.set(object.id, { object, fetchedAt });
      if (!page.hasMore || page.lastId === null || page.lastCreated === null) {
        yield { createdGte: walk.from ?? 0, createdLt: upper, listed, listedAt: Math.min(listedAt, Date.now()), pages };
        return;
      }
      startingAfter = page.lastId;
      const boundary = page.lastCreated + 1;
      const full = listed.size >= walk.windowObjects || walk.closeEarly?.() === true;
      if (full && boundary < upper) {
        const window = new Map<string, ListedObject>();
        for (const [id, item] of listed) {
          if (createdOf(item) >= boundary) window.set(id, item);
          else held.push(item);
        }
        yield { createdGte: boundary, createdLt: upper, listed: window, listedAt, pages };
        upper = boundary;
        break;
      }
    }
  }
}

function createdOf(item: ListedObject): number {
  return typeof item.object.created === 'number' ? item.object.created : 0;
}
