import { ApiFailure, api, loadCatalog, seg } from '../api.js';
import { confirmAction } from '../confirm.js';
import { h } from '../dom.js';
import { tlsWarning, toneBadge, when } from '../format.js';
import { BASE } from '../router.js';
import { card, dataTable, emptyState, errorAlert, pageHead } from '../ui.js';

export const destinationsPage = {
  title: 'Destinations',
  async render(ctx) {
    const [{ data }, catalog] = await Promise.all([api.get('/destinations'), loadCatalog()]);
    const engineLabel = (name) => catalog.engines.find((e) => e.name === name)?.label ?? name;
    const status = h('div', {});

    const remove = async (destination, button) => {
      const ok = await confirmAction({
        title: `Delete the destination ${destination.name}?`,
        message: 'Only its configuration is deleted: the tables and rows already in the database stay.',
        confirmLabel: 'Delete destination',
      });
      if (!ok) return;
      button.disabled = true;
      try {
        await api.delete(`/destinations/${seg(destination.name)}`);
        ctx.app.flash('ok', `The destination ${destination.name} was deleted.`);
        await ctx.app.go(`${BASE}/destinations`, { replace: true });
      } catch (failure) {
        button.disabled = false;
        status.replaceChildren(errorAlert(failure instanceof ApiFailure ? failure.message : 'It could not be deleted.'));
      }
    };

    const newButton = h('a', { class: 'btn', href: `${BASE}/destinations/new` }, 'New destination');
    const body =
      data.length === 0
        ? emptyState('No destination yet. A destination is the database the data is copied into.', newButton)
        : dataTable(
            'Destinations of this environment',
            ['Name', 'Engine', 'Connection', 'Created', { label: 'Actions', hidden: true }],
            data.map((d) => {
              const button = h(
                'button',
                { type: 'button', class: 'btn btn-small btn-danger-outline', 'aria-label': `Delete ${d.name}` },
                'Delete',
              );
              button.addEventListener('click', () => void remove(d, button));
              return h(
                'tr',
                {},
                h('td', {}, h('strong', {}, d.name)),
                h('td', {}, engineLabel(d.engine)),
                h(
                  'td',
                  {},
                  h('code', {}, d.connection_string_masked),
                  tlsWarning(d.connection_string_masked)
                    ? h('div', { class: 'sub' }, toneBadge('warn', 'TLS warning'), ' ', tlsWarning(d.connection_string_masked))
                    : null,
                ),
                h('td', {}, when(d.created_at)),
                h('td', {}, button),
              );
            }),
          );

    return h(
      'div',
      {},
      pageHead(
        'Destinations',
        'Databases and buckets the service writes into. Passwords and secret keys are stored encrypted and never shown again.',
        data.length > 0 ? newButton : null,
      ),
      status,
      card(body),
    );
  },
};
