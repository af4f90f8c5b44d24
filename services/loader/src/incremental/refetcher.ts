import type { AccountReader, CatalogResource, ProviderObject } from '@datasync/providers';

/** An object's state as fetched again: null when the provider no longer has it. */
export interface Refetched {
  object: ProviderObject | null;
  /** When the answer arrived: its `_source_ts`. */
  fetchedAt: Date;
}

/**
 * Fetches objects again to settle same-second ties, once per object per poll page even when
 * several destination tables load the same resource.
 */
export class Refetcher {
  private readonly cache = new Map<string, Promise<Refetched>>();

  constructor(
    private readonly reader: AccountReader,
    /** The readers' clock (the control plane's), so a re-fetch is dated like a list page. */
    private readonly clock: () => Date = () => new Date(),
  ) {}

  get(resource: CatalogResource, id: string): Promise<Refetched> {
    const key = `${resource.name}\0${id}`;
    let found = this.cache.get(key);
    if (!found) {
      found = this.fetch(resource, id);
      // A failed fetch (a 429, an outage) is not remembered: the page is applied again later.
      found.catch(() => this.cache.delete(key));
      this.cache.set(key, found);
    }
    return found;
  }

  /** Forgets the answers: the next page may change the same objects again. */
  clear(): void {
    this.cache.clear();
  }

  private async fetch(resource: CatalogResource, id: string): Promise<Refetched> {
    const object = await this.reader.retrieve(resource, id);
    const fetchedAt = this.clock();
    // A deleted object may still answer, as a stub saying so (Stripe's deleted customers).
    return { object: object && object.deleted !== true ? object : null, fetchedAt };
  }
}
