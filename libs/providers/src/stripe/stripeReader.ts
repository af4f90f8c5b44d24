import type { CatalogResource } from '../catalog';
import type { AccountReader, AccountRef, ListEventsOptions, ListPagesOptions, ProviderObject } from '../connector';
import { ProviderRequestError } from '../errors';
import { completeLists } from './embeddedLists';
import { listEvents } from './events';
import { isProviderObject } from './listBody';
import { fetchPage, listPages, resolveResource } from './listing';
import type { Requester } from './requester';
import { fetchPageWithClocks, listTestClocksOrSkip, readsTestClocks, type TestClocks } from './testClockListing';

export class StripeAccountReader implements AccountReader {
  constructor(
    readonly account: AccountRef,
    private readonly requester: Requester,
  ) {}

  private clocks: Promise<TestClocks> | undefined;

  fetchPage(resource: string | CatalogResource, options: ListPagesOptions) {
    const entry = resolveResource(resource);
    const plain = (o: ListPagesOptions) => fetchPage(this.requester, entry, o);
    if (!readsTestClocks(entry, this.account.livemode ?? false, options)) return plain(options);
    return fetchPageWithClocks(plain, options, () => this.testClocks());
  }

  listPages(resource: string | CatalogResource, options: ListPagesOptions) {
    const entry = resolveResource(resource);
    return listPages(this.requester, entry, options, (o) => this.fetchPage(entry, o));
  }

  /** Listed once per reader; a failed listing is not remembered (a refused one is: see listTestClocksOrSkip). */
  private testClocks(): Promise<TestClocks> {
    if (!this.clocks) {
      this.clocks = listTestClocksOrSkip(this.requester);
      this.clocks.catch(() => (this.clocks = undefined));
    }
    return this.clocks;
  }

  async retrieve(resource: string | CatalogResource, id: string): Promise<ProviderObject | null> {
    const entry = resolveResource(resource);
    try {
      const { body } = await this.requester.get(entry.endpoint, `${entry.endpoint}/${encodeURIComponent(id)}`, '');
      if (!isProviderObject(body)) {
        throw new ProviderRequestError(`retrieving ${id} returned no object`, 'unexpected_response', 200);
      }
      return await completeLists(this.requester, body);
    } catch (err) {
      if (err instanceof ProviderRequestError && err.status === 404) return null;
      throw err;
    }
  }

  completeLists<T extends Record<string, unknown>>(object: T): Promise<T> {
    return completeLists(this.requester, object);
  }

  listEvents(options: ListEventsOptions) {
    return listEvents(this.requester, options);
  }
}
