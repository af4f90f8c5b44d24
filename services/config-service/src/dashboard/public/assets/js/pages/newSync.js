import { ApiFailure, api, loadCatalog, seg } from '../api.js';
import { h } from '../dom.js';
import { alertBox, busy, formErrors, selectField, textField } from '../forms.js';
import { BASE } from '../router.js';
import { chosen, syncName } from '../rules.js';
import { pageHead } from '../ui.js';

export const newSyncPage = {
  title: 'New sync',
  async render(ctx) {
    const [sources, destinations, catalog] = await Promise.all([api.get('/sources'), api.get('/destinations'), loadCatalog()]);
    const providerLabel = (name) => catalog.providers.find((p) => p.name === name)?.label ?? name;
    const engineLabel = (name) => catalog.engines.find((e) => e.name === name)?.label ?? name;
    const breadcrumb = h('p', { class: 'breadcrumb' }, h('a', { href: `${BASE}/syncs` }, 'Syncs'), ' / new');
    const head = pageHead('New sync', 'Connect a source to a destination. After creating it, mount the collections to copy.');

    // A sync needs both ends; say which is missing instead of showing empty dropdowns.
    const missing = [
      sources.data.length === 0 ? h('li', {}, 'a source: ', h('a', { href: `${BASE}/sources/new` }, 'create a source')) : null,
      destinations.data.length === 0
        ? h('li', {}, 'a destination: ', h('a', { href: `${BASE}/destinations/new` }, 'create a destination'))
        : null,
    ].filter(Boolean);
    if (missing.length > 0) {
      return h(
        'div',
        {},
        breadcrumb,
        head,
        h(
          'section',
          { class: 'card' },
          h('div', { class: 'alert alert-info', role: 'status' }, h('div', { class: 'alert-title' }, 'A sync needs'), h('ul', {}, missing)),
        ),
      );
    }

    const fields = {
      name: textField({
        name: 'name',
        label: 'Name',
        rule: syncName('Name'),
        maxLength: 63,
        hint: 'Lowercase letters and underscores, e.g. stripe_to_warehouse.',
      }),
      source: selectField({
        name: 'source',
        label: 'Source',
        placeholder: 'Choose a source',
        choices: sources.data.map((s) => ({ value: s.name, label: `${s.name} (${providerLabel(s.provider)})` })),
        selected: sources.data.length === 1 ? sources.data[0].name : undefined,
        rule: chosen('a source'),
      }),
      destination: selectField({
        name: 'destination',
        label: 'Destination',
        placeholder: 'Choose a destination',
        choices: destinations.data.map((d) => ({ value: d.name, label: `${d.name} (${engineLabel(d.engine)})` })),
        selected: destinations.data.length === 1 ? destinations.data[0].name : undefined,
        rule: chosen('a destination'),
      }),
    };
    const formAlert = alertBox();
    const errors = formErrors(fields, formAlert);
    const submit = h('button', { type: 'submit', class: 'btn' }, 'Create sync');
    const form = h(
      'form',
      { novalidate: true },
      formAlert.el,
      fields.name.el,
      fields.source.el,
      fields.destination.el,
      h('div', { class: 'actions' }, submit),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!errors.validateAll()) return;
      const restore = busy(submit, 'Creating…');
      try {
        const sync = await api.post('/syncs', {
          name: fields.name.value.trim(),
          source: fields.source.value,
          destination: fields.destination.value,
        });
        ctx.app.flash('ok', `The sync ${sync.name} was created. Next, mount a collection in it.`);
        await ctx.app.go(`${BASE}/syncs/${seg(sync.name)}/overview`);
      } catch (failure) {
        restore();
        if (!(failure instanceof ApiFailure)) throw failure;
        errors.showFailure(failure, 'The sync was not created');
      }
    });
    return h('div', {}, breadcrumb, head, h('section', { class: 'card', 'aria-label': 'Sync settings' }, form));
  },
};
