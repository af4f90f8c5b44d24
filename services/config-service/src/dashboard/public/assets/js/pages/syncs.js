import { api, loadCatalog, seg } from '../api.js';
import { h } from '../dom.js';
import { when } from '../format.js';
import { BASE } from '../router.js';
import { card, dataTable, emptyState, pageHead } from '../ui.js';

export const syncsPage = {
  title: 'Syncs',
  async render() {
    const [{ data }, catalog] = await Promise.all([api.get('/syncs'), loadCatalog()]);
    const providerLabel = (name) => catalog.providers.find((p) => p.name === name)?.label ?? name;
    const engineLabel = (name) => catalog.engines.find((e) => e.name === name)?.label ?? name;
    const newButton = h('a', { class: 'btn', href: `${BASE}/syncs/new` }, 'New sync');
    const body =
      data.length === 0
        ? emptyState('No sync yet. A sync copies a source’s accounts into a destination.', newButton)
        : dataTable(
            'Syncs of this environment',
            ['Name', 'Source', 'Destination', 'Created'],
            data.map((s) =>
              h(
                'tr',
                {},
                h('td', {}, h('a', { href: `${BASE}/syncs/${seg(s.name)}/overview` }, h('strong', {}, s.name))),
                h('td', {}, s.source.name, h('span', { class: 'sub' }, providerLabel(s.source.provider))),
                h('td', {}, s.destination.name, h('span', { class: 'sub' }, engineLabel(s.destination.engine))),
                h('td', {}, when(s.created_at)),
              ),
            ),
          );
    return h(
      'div',
      {},
      pageHead('Syncs', 'Each sync copies the accounts of one source into one destination.', data.length > 0 ? newButton : null),
      card(body),
    );
  },
};
