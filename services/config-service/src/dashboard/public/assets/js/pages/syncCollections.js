import { ApiFailure, api, loadCatalog, seg } from '../api.js';
import { h } from '../dom.js';
import { toneBadge, when } from '../format.js';
import { alertBox, busy, formErrors, selectField } from '../forms.js';
import { chosen } from '../rules.js';
import { card, dataTable, emptyState } from '../ui.js';
import { syncHeader, syncPath } from './syncShared.js';

/**
 * Spec §2: mounting a collection creates its table in the destination (synchronously, so a
 * refusal shows here), and on success the dashboard opens the new collection's page.
 */
export const syncCollectionsPage = {
  title: (ctx) => `${ctx.params.sync} · Collections`,
  async render(ctx) {
    const name = ctx.params.sync;
    const [overview, list, catalog] = await Promise.all([
      api.get(`/syncs/${seg(name)}`),
      api.get(`/syncs/${seg(name)}/collections`),
      loadCatalog(),
    ]);
    const provider = catalog.providers.find((p) => p.name === overview.source.provider);
    const resources = provider?.resources ?? [];
    const labelOf = (resource) => resources.find((r) => r.name === resource)?.label ?? resource;
    const mounted = new Set(list.data.filter((c) => c.status === 'mounted').map((c) => c.resource_type));
    const available = resources.filter((r) => !mounted.has(r.name));

    const resource = selectField({
      name: 'resource_type',
      label: 'Resource',
      placeholder: 'Choose a resource',
      choices: available.map((r) => ({ value: r.name, label: `${r.label} → table ${r.table}` })),
      rule: chosen('a resource'),
      hint: `Mounting creates the table in the destination ${overview.destination.name} right away.`,
    });
    const formAlert = alertBox();
    const errors = formErrors({ resource_type: resource }, formAlert);
    const submit = h('button', { type: 'submit', class: 'btn' }, 'Mount collection');
    const form = h('form', { novalidate: true }, formAlert.el, resource.el, h('div', { class: 'actions' }, submit));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!errors.validateAll()) return;
      const chosenResource = resources.find((r) => r.name === resource.value);
      const restore = busy(submit, `Creating ${chosenResource?.table ?? 'the table'}…`);
      try {
        const collection = await api.post(`/syncs/${seg(name)}/collections`, { resource_type: resource.value });
        ctx.app.flash('ok', `${collection.label} mounted: the table ${collection.table_name} is ready in ${collection.destination.name}.`);
        await ctx.app.go(`${syncPath(name, 'collections')}/${seg(collection.resource_type)}`);
      } catch (failure) {
        restore();
        if (!(failure instanceof ApiFailure)) throw failure;
        errors.showFailure(failure, 'The collection was not mounted');
      }
    });

    const table =
      list.data.length === 0
        ? emptyState('No collection yet. Each collection is one resource copied into its own table.')
        : dataTable(
            'Collections of this sync',
            ['Resource', 'Table', 'Status', 'Mounted'],
            list.data.map((c) =>
              h(
                'tr',
                {},
                h('td', {}, h('a', { href: `${syncPath(name, 'collections')}/${seg(c.resource_type)}` }, labelOf(c.resource_type))),
                h('td', {}, h('code', {}, c.table_name)),
                h('td', {}, c.status === 'mounted' ? toneBadge('ok', 'mounted') : toneBadge('neutral', 'unmounted')),
                h('td', {}, when(c.mounted_at)),
              ),
            ),
          );

    return h(
      'div',
      {},
      syncHeader(name, 'collections'),
      h(
        'div',
        { class: 'grid-2' },
        card(h('h2', {}, 'Collections'), table),
        card(
          h('h2', {}, 'Mount a collection'),
          available.length === 0 ? h('p', { class: 'muted' }, 'Every resource of this provider is mounted.') : form,
        ),
      ),
    );
  },
};
