import type { ChangeCursor } from '../../contract/changes';
import type { RecentEventsJson } from './recentEvents';

/**
 * Stripe's change cursor, inside the opaque JSON the engine stores. A table a run just loaded has
 * no event to walk from yet: it reads the events created since its run's frozen bound (`createdGte`,
 * newest first, as Stripe lists them). Once it met an event, it walks forward from the newest one
 * it applied (`after`), and keeps the events it applied within the look-back window (`recent`).
 */
export type StripeChangeCursor =
  { createdGte: number; recent?: RecentEventsJson | null } | { after: string; recent: RecentEventsJson | null };

/** The cursor as the engine stores it. */
export function encodeCursor(cursor: StripeChangeCursor): ChangeCursor {
  return cursor as unknown as ChangeCursor;
}

/**
 * A stored cursor read back. The engine never writes one itself, so a cursor that is not one of
 * ours is a bug (or a row written by hand): it is refused with a message saying what it holds.
 */
export function parseCursor(json: ChangeCursor): StripeChangeCursor {
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    const recent = (json.recent ?? null) as RecentEventsJson | null;
    if (typeof json.after === 'string' && json.after.length > 0) return { after: json.after, recent };
    if (typeof json.createdGte === 'number' && Number.isInteger(json.createdGte)) return { createdGte: json.createdGte, recent };
  }
  throw new TypeError(`not a Stripe change cursor: ${JSON.stringify(json)?.slice(0, 200)}`);
}
