import type { SealedPlace, SecretBox } from './secretBox';

export interface SealedRow {
  id: string;
  environmentId: string;
  sealed: string;
}

export interface ResealStore {
  /** The next rows with a sealed value, in id order, after `afterId` (from the start when undefined). */
  page(afterId: string | undefined, limit: number): Promise<SealedRow[]>;
  /** Replaces `from` by `to` unless the row changed meanwhile; false then (someone else sealed it anew). */
  replace(id: string, from: string, to: string): Promise<boolean>;
  place(id: string): SealedPlace;
}

export interface ResealCount {
  examined: number;
  resealed: number;
}

/**
 * Re-encrypts every value of one sealed column under the current master key, bound to its place,
 * so that older keys can be retired and unbound (v1) values disappear. Idempotent and safe beside
 * running services: values already current are skipped, a row written meanwhile is left as written.
 */
export async function resealColumn(box: SecretBox, store: ResealStore, batch = 500): Promise<ResealCount> {
  const count: ResealCount = { examined: 0, resealed: 0 };
  let after: string | undefined;
  for (;;) {
    const rows = await store.page(after, batch);
    for (const row of rows) {
      count.examined += 1;
      if (box.isCurrent(row.sealed)) continue;
      const place = store.place(row.id);
      const resealed = box.seal(box.open(row.sealed, row.environmentId, place), row.environmentId, place);
      if (await store.replace(row.id, row.sealed, resealed)) count.resealed += 1;
    }
    if (rows.length < batch) return count;
    after = rows[rows.length - 1]?.id;
  }
}
