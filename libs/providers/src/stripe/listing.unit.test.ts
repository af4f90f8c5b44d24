import { getResource } from '../catalog';
import { ProviderRequestError } from '../errors';
import { collectPages, idsOf } from '../testing/collect';
import { listPages } from './listing';
import type { Requester } from './requester';

// The emulator keeps answering for a deleted cursor object; a provider may instead refuse the
// cursor. This scripted provider refuses it, to cover the branch that recovers.
function refusingProvider(objects: { id: string; created: number }[], refuse: Set<string>): Requester & { queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    async get(_endpoint, _path, query) {
      queries.push(query);
      const params = new URLSearchParams(query);
      const after = params.get('starting_after');
      if (after && refuse.has(after)) {
        throw new ProviderRequestError(`No such customer: '${after}'`, 'resource_missing', 400, 'starting_after');
      }
      const lt = Number(params.get('created[lt]') ?? Infinity);
      const limit = Number(params.get('limit'));
      let list = objects.filter((o) => o.created < lt);
      if (after) list = list.slice(list.findIndex((o) => o.id === after) + 1);
      return { body: { object: 'list', data: list.slice(0, limit), has_more: list.length > limit }, headers: {} };
    },
  };
}

describe('listPages', () => {
  it('restarts at the second of a refused cursor without skipping or repeating', async () => {
    // newest first; three objects share second 50
    const objects = [
      { id: 'cus_9', created: 90 },
      { id: 'cus_8', created: 50 },
      { id: 'cus_7', created: 50 },
      { id: 'cus_6', created: 50 },
      { id: 'cus_5', created: 40 },
      { id: 'cus_4', created: 30 },
    ];
    const provider = refusingProvider(objects, new Set(['cus_7']));
    const pages = await collectPages(listPages(provider, getResource('stripe', 'customers'), { limit: 3 }));
    expect(idsOf(pages)).toEqual(['cus_9', 'cus_8', 'cus_7', 'cus_6', 'cus_5', 'cus_4']);
    expect(provider.queries).toContain('limit=3&created%5Blt%5D=51');
  });

  it('passes other refusals on', async () => {
    const provider = refusingProvider([{ id: 'cus_1', created: 1 }], new Set());
    const failing: Requester = {
      get: async () => {
        throw new ProviderRequestError('Invalid integer', 'parameter_invalid_integer', 400, 'limit');
      },
    };
    await expect(collectPages(listPages(failing, getResource('stripe', 'customers'), {}))).rejects.toThrow('Invalid integer');
    await expect(collectPages(listPages(provider, getResource('stripe', 'customers'), {}))).resolves.toHaveLength(1);
  });
});
