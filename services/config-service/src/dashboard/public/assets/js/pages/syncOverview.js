import { api, loadCatalog, seg } from '../api.js';
import { h, replace } from '../dom.js';
import { ago, count, toneBadge, when } from '../format.js';
import { BASE } from '../router.js';
import { card } from '../ui.js';
import { fetchAccounts, syncHeader, syncPath, syncStatus } from './syncShared.js';

/** A figure whose value is replaced in place as polling brings new numbers (focus and reading position stay). */
function stat(label, id) {
  const value = h('div', { class: 'stat-value', id });
  const sub = h('div', { class: 'stat-sub' });
  return {
    el: h('div', { class: 'stat' }, h('div', { class: 'stat-label' }, label), value, sub),
    set(valueContent, subText) {
      replace(value, valueContent);
      sub.textContent = subText ?? '';
    },
  };
}

export const syncOverviewPage = {
  title: (ctx) => `${ctx.params.sync} · Overview`,
  async render(ctx) {
    const name = ctx.params.sync;
    const [overview, accounts, catalog] = await Promise.all([api.get(`/syncs/${seg(name)}`), fetchAccounts(name), loadCatalog()]);
    const provider = catalog.providers.find((p) => p.name === overview.source.provider);
    const engine = catalog.engines.find((e) => e.name === overview.destination.engine);

    const status = stat('Status', 'sync-status');
    const rowsLoaded = stat('Rows loaded', 'sync-rows');
    const activity = stat('Last activity', 'sync-activity');
    const accountCount = stat('Accounts', 'sync-accounts');
    const collectionsList = h('div', {});

    function update(current, list) {
      const state = syncStatus(current, list.data);
      status.set(toneBadge(state.tone, state.label), state.help);
      // The sync's own numbers: an account's last sync and progress may come from another sync of the same source.
      const rows = current.rows_loaded;
      rowsLoaded.set(
        rows === null ? h('span', { class: 'muted' }, 'none yet') : count(rows),
        `in ${current.collections.length} ${current.collections.length === 1 ? 'table' : 'tables'}`,
      );
      activity.set(ago(current.last_activity_at), '');
      accountCount.set(count(current.accounts.total), `${count(current.accounts.active)} active`);
      replace(
        collectionsList,
        current.collections.length === 0
          ? h(
              'p',
              { class: 'muted' },
              'None mounted yet. ',
              h('a', { href: syncPath(name, 'collections') }, 'Mount a collection'),
              ' to create its table and start copying.',
            )
          : h(
              'ul',
              {},
              current.collections.map((c) =>
                h(
                  'li',
                  {},
                  h('a', { href: `${syncPath(name, 'collections')}/${seg(c.resource_type)}` }, c.resource_type),
                  ' → ',
                  h('code', {}, c.table_name),
                ),
              ),
            ),
      );
    }
    update(overview, accounts);
    ctx.poll(async () => {
      const [current, list] = await Promise.all([api.get(`/syncs/${seg(name)}`), fetchAccounts(name)]);
      if (ctx.active()) update(current, list);
    });

    const nextStep =
      overview.collections.length === 0
        ? h(
            'div',
            { class: 'alert alert-info', role: 'status' },
            'Next: ',
            h('a', { href: syncPath(name, 'collections') }, 'mount a collection'),
            ' (for example Charges).',
          )
        : accounts.data.length === 0
          ? h(
              'div',
              { class: 'alert alert-info', role: 'status' },
              'Next: ',
              h('a', { href: syncPath(name, 'accounts') }, 'add an account'),
              ' — loading starts within two minutes.',
            )
          : null;

    return h(
      'div',
      {},
      syncHeader(name, 'overview'),
      nextStep,
      h('div', { class: 'stats', 'aria-label': 'Loading status', role: 'group' }, status.el, rowsLoaded.el, activity.el, accountCount.el),
      card(
        h('h2', {}, 'Configuration'),
        h(
          'dl',
          { class: 'facts' },
          h('dt', {}, 'Source'),
          h('dd', {}, h('a', { href: `${BASE}/sources` }, overview.source.name), ` (${provider?.label ?? overview.source.provider})`),
          h('dt', {}, 'Destination'),
          h(
            'dd',
            {},
            h('a', { href: `${BASE}/destinations` }, overview.destination.name),
            ` (${engine?.label ?? overview.destination.engine})`,
          ),
          h('dt', {}, 'Collections'),
          h('dd', {}, collectionsList),
          h('dt', {}, 'Created'),
          h('dd', {}, when(overview.created_at)),
        ),
      ),
    );
  },
};
