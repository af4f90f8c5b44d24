import { api, seg } from '../api.js';
import { h, replace } from '../dom.js';
import { ago, count, statusBadge, toneBadge, when } from '../format.js';
import { card, dataTable, emptyState } from '../ui.js';
import { fetchAccounts, syncHeader, syncPath } from './syncShared.js';

/** One collection: its table, columns, and how far each account's rows have got (live). */
export const collectionPage = {
  title: (ctx) => `${ctx.params.resource} · ${ctx.params.sync}`,
  async render(ctx) {
    const { sync, resource } = ctx.params;
    const [collection, accounts] = await Promise.all([api.get(`/syncs/${seg(sync)}/collections/${seg(resource)}`), fetchAccounts(sync)]);
    const primary = new Set(collection.primary_key);
    const progress = h('div', {});

    function progressOf(account) {
      return account.collections.find((c) => c.table === collection.table_name || c.resource === collection.resource_type);
    }

    function renderProgress(list) {
      if (list.data.length === 0) {
        replace(progress, emptyState('No account yet.', h('a', { href: syncPath(sync, 'accounts') }, 'Add an account')));
        return;
      }
      replace(
        progress,
        dataTable(
          `Loading progress of ${collection.table_name} per account`,
          ['Account', 'Account status', 'Table status', { label: 'Rows loaded', num: true }, 'Last synced'],
          list.data.map((account) => {
            const own = progressOf(account);
            return h(
              'tr',
              { 'data-account': account.identifier },
              h(
                'td',
                {},
                h('strong', {}, account.identifier),
                account.identifier !== account.external_id ? h('span', { class: 'sub mono' }, account.external_id) : null,
              ),
              h('td', {}, statusBadge(account.status)),
              h('td', {}, own ? statusBadge(own.status) : h('span', { class: 'muted' }, 'not started')),
              h('td', { class: 'num' }, own ? count(own.rows_loaded) : '0'),
              h('td', {}, ago(account.last_synced_at)),
            );
          }),
        ),
      );
    }
    renderProgress(accounts);
    // The table has no focusable controls, so redrawing it whole loses nobody's focus.
    ctx.poll(async () => {
      const list = await fetchAccounts(sync);
      if (ctx.active()) renderProgress(list);
    });

    return h(
      'div',
      {},
      syncHeader(sync, 'collections', { title: collection.label }),
      card(
        h(
          'dl',
          { class: 'facts' },
          h('dt', {}, 'Table'),
          h('dd', {}, h('code', { id: 'collection-table' }, collection.table_name), ` in ${collection.destination.name}`),
          h('dt', {}, 'Status'),
          h('dd', {}, collection.status === 'mounted' ? toneBadge('ok', 'mounted') : toneBadge('neutral', 'unmounted')),
          h('dt', {}, 'Mounted'),
          h('dd', {}, when(collection.mounted_at)),
          h('dt', {}, 'Primary key'),
          h(
            'dd',
            {},
            collection.primary_key.map((c, i) => [i > 0 ? ', ' : '', h('code', {}, c)]),
          ),
        ),
      ),
      card(h('h2', {}, 'Progress per account'), progress),
      card(
        h('h2', {}, `Columns (${collection.columns.length})`),
        dataTable(
          `Columns of ${collection.table_name}`,
          ['Column', 'Type', 'Nullable'],
          collection.columns.map((c) =>
            h(
              'tr',
              {},
              h('td', {}, h('code', {}, c.name), primary.has(c.name) ? [' ', toneBadge('neutral', 'primary key')] : null),
              h('td', {}, h('code', {}, c.type)),
              h('td', {}, c.nullable ? 'yes' : 'no'),
            ),
          ),
        ),
      ),
    );
  },
};
