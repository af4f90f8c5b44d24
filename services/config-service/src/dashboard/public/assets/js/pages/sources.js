import { ApiFailure, api, loadCatalog, seg } from '../api.js';
import { confirmAction } from '../confirm.js';
import { h } from '../dom.js';
import { toneBadge, when } from '../format.js';
import { BASE } from '../router.js';
import { card, dataTable, emptyState, errorAlert, pageHead } from '../ui.js';

export const sourcesPage = {
  title: 'Sources',
  async render(ctx) {
    const [{ data }, catalog] = await Promise.all([api.get('/sources'), loadCatalog()]);
    const providerLabel = (name) => catalog.providers.find((p) => p.name === name)?.label ?? name;
    const status = h('div', {});

    const remove = async (source, button) => {
      const ok = await confirmAction({
        title: `Delete the source ${source.name}?`,
        message: 'Its stored key is deleted. A source that a sync uses cannot be deleted: delete the sync first.',
        confirmLabel: 'Delete source',
      });
      if (!ok) return;
      button.disabled = true;
      try {
        await api.delete(`/sources/${seg(source.name)}`);
        ctx.app.flash('ok', `The source ${source.name} was deleted.`);
        await ctx.app.go(`${BASE}/sources`, { replace: true });
      } catch (failure) {
        button.disabled = false;
        status.replaceChildren(errorAlert(failure instanceof ApiFailure ? failure.message : 'It could not be deleted.'));
      }
    };

    const newButton = h('a', { class: 'btn', href: `${BASE}/sources/new` }, 'New source');
    const body =
      data.length === 0
        ? emptyState('No source yet. A source holds the key of the provider account that owns your app.', newButton)
        : dataTable(
            'Sources of this environment',
            ['Name', 'Provider', 'Provider account', 'Mode', 'Link page', 'Rate budget', 'Created', { label: 'Actions', hidden: true }],
            data.map((s) => {
              const button = h(
                'button',
                { type: 'button', class: 'btn btn-small btn-danger-outline', 'aria-label': `Delete ${s.name}` },
                'Delete',
              );
              button.addEventListener('click', () => void remove(s, button));
              return h(
                'tr',
                {},
                h('td', {}, h('strong', {}, s.name)),
                h('td', {}, providerLabel(s.provider)),
                h('td', {}, s.provider_account_name ?? '', h('span', { class: 'sub mono' }, s.provider_account_id)),
                h('td', {}, s.livemode ? toneBadge('warn', 'live') : toneBadge('neutral', 'test')),
                // What the hosted Link page offers this source's customers (PATCH /sources/{name} changes it).
                h('td', {}, s.oauth_client_id ? ['OAuth and key', h('span', { class: 'sub mono' }, s.oauth_client_id)] : 'key only'),
                h('td', {}, `${s.rate_budget_percent} %`),
                h('td', {}, when(s.created_at)),
                h(
                  'td',
                  {},
                  h(
                    'div',
                    { class: 'row-actions' },
                    h(
                      'a',
                      {
                        class: 'btn btn-small btn-secondary',
                        href: `${BASE}/sources/${seg(s.name)}/link-page`,
                        'aria-label': `Link page of ${s.name}`,
                      },
                      'Link page',
                    ),
                    h(
                      'a',
                      {
                        class: 'btn btn-small btn-secondary',
                        href: `${BASE}/sources/${seg(s.name)}/rate-budget`,
                        'aria-label': `Rate budget of ${s.name}`,
                      },
                      'Rate budget',
                    ),
                    h(
                      'a',
                      {
                        class: 'btn btn-small btn-secondary',
                        href: `${BASE}/sources/${seg(s.name)}/webhook`,
                        'aria-label': `Webhooks of ${s.name}`,
                      },
                      'Webhooks',
                    ),
                    button,
                  ),
                ),
              );
            }),
          );

    return h(
      'div',
      {},
      pageHead(
        'Sources',
        'Provider apps and their keys. Keys are verified before a source is created, stored encrypted, and never shown again.',
        data.length > 0 ? newButton : null,
      ),
      status,
      card(body),
    );
  },
};
