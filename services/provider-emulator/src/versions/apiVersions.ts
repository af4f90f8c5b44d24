import { isPlainObject, type JsonObject } from '../kit/json';

/** Stripe's version names: a release date, since 2024 with the release's name (`2025-03-31.basil`). */
export const API_VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/;

/** A breaking change of one resource's shape, and how to render an object as it was before. */
interface VersionChange {
  /** The first version with the new shape. */
  version: string;
  object: string;
  /** Stripe's changelog entry. */
  docs: string;
  before(object: JsonObject): JsonObject;
}

// Real changes from Stripe's changelog, enough to make an older rendering differ where it hurts a
// reader of the pinned version: a field present only before, and a field moved (so the pinned
// version's path finds nothing in the older shape).
const changes: readonly VersionChange[] = [
  {
    version: '2022-11-15',
    object: 'charge',
    docs: 'https://docs.stripe.com/changelog/2022-11-15/deprecates-charges-auto-expand',
    // Before it a charge embedded its refunds as a list; the emulator keeps refunds apart, so the
    // list is the empty first page a charge without refunds shows.
    before: (charge) => ({
      ...charge,
      refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/charges/${String(charge.id)}/refunds` },
    }),
  },
  {
    version: '2025-03-31.basil',
    object: 'invoice',
    docs: 'https://docs.stripe.com/changelog/basil/2025-03-31/adds-new-parent-field-to-invoicing-objects',
    // Before it the subscription and the quote sat at the top level; `parent` did not exist.
    before: (invoice) => {
      const { parent, ...rest } = invoice;
      const details = isPlainObject(parent) && isPlainObject(parent.subscription_details) ? parent.subscription_details : undefined;
      const quote = isPlainObject(parent) && isPlainObject(parent.quote_details) ? parent.quote_details.quote : null;
      return {
        ...rest,
        quote: quote ?? null,
        subscription: details?.subscription ?? null,
        subscription_details: details ? { metadata: details.metadata ?? null } : null,
      };
    },
  },
];

const dateOf = (version: string): string => version.slice(0, 10);

/** `a` is an older version than `b` (versions of one day are one release). */
export function isOlderVersion(a: string, b: string): boolean {
  return dateOf(a) < dateOf(b);
}

/**
 * `object` (in the emulator's own shape, the pinned version's) as Stripe renders it in `version`:
 * every change released after that version undone, newest first.
 */
export function renderInVersion(object: JsonObject, version: string): JsonObject {
  let rendered = object;
  for (let i = changes.length - 1; i >= 0; i--) {
    const change = changes[i] as VersionChange;
    if (change.object === rendered.object && isOlderVersion(version, change.version)) rendered = change.before(rendered);
  }
  return rendered;
}

/** The changes the emulator models, for documentation and tests. */
export function modelledChanges(): readonly { version: string; object: string; docs: string }[] {
  return changes.map(({ version, object, docs }) => ({ version, object, docs }));
}
