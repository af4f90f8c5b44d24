import type { CatalogResource } from '../catalog';
import type { AccountReader, AccountRef, ListEventsOptions, ListPagesOptions, ProviderObject } from '../connector';
import { ProviderRequestError } from '../errors';
import { completeLists } from './embeddedLists';
import { listEvents } from './events';
import { fetchPage, isProviderObject, listPages, resolveResource } from './listing';
import type { Requester } from './requester';

export class StripeAccountReader implements AccountReader {
  constructor(
    readonly account: AccountRef,
    private readonly requester: Requester,
  ) {}

  fetchPage(resource: string | CatalogResource, options: ListPagesOptions) {
    return fetchPage(this.requester, resolveResource(resource), options);
  }

  listPages(resource: string | CatalogResource, options: ListPagesOptions) {
    return listPages(this.requester, resolveResource(resource), options);
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

  completeLists(object: ProviderObject): Promise<ProviderObject> {
    return completeLists(this.requester, object);
  }

  listEvents(options: ListEventsOptions) {
    return listEvents(this.requester, options);
  }
}
