import { ApiFailure, api, seg } from '../api.js';
import { h } from '../dom.js';
import { alertBox, busy, formErrors, textField } from '../forms.js';
import { BASE } from '../router.js';
import { optionalOauthClientId } from '../rules.js';
import { pageHead } from '../ui.js';

/**
 * What a source's hosted Link page offers: with the app's OAuth client id, Connect with Stripe
 * besides the pasted key (PATCH /sources/{name}). The key itself cannot change: a new key is a
 * new source.
 */
export const sourceLinkPage = {
  title: (ctx) => `Link page · ${ctx.params.source}`,
  async render(ctx) {
    const { source: name } = ctx.params;
    const source = await api.get(`/sources/${seg(name)}`);
    const clientId = textField({
      name: 'oauth_client_id',
      label: 'OAuth client ID',
      optional: true,
      placeholder: 'ca_…',
      hint: 'From the Connect settings of the account that owns the app, starts with ca_. Leave it empty to offer only the pasted key.',
      mono: true,
      maxLength: 255,
      value: source.oauth_client_id ?? '',
      rule: optionalOauthClientId('The OAuth client ID'),
    });
    const formAlert = alertBox();
    const errors = formErrors({ oauth_client_id: clientId }, formAlert);
    const submit = h('button', { type: 'submit', class: 'btn' }, 'Save');
    const form = h('form', { novalidate: true }, formAlert.el, clientId.el, h('div', { class: 'actions' }, submit));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!errors.validateAll()) return;
      const value = clientId.value.trim();
      const restore = busy(submit, 'Saving…');
      try {
        await api.patch(`/sources/${seg(name)}`, { oauth_client_id: value === '' ? null : value });
        ctx.app.flash(
          'ok',
          value === ''
            ? `The Link page of ${name} now offers only the pasted key.`
            : `The Link page of ${name} now offers Connect with Stripe.`,
        );
        await ctx.app.go(`${BASE}/sources`);
      } catch (failure) {
        restore();
        if (!(failure instanceof ApiFailure)) throw failure;
        errors.showFailure(failure, 'The change was not saved');
      }
    });

    return h(
      'div',
      {},
      h('p', { class: 'breadcrumb' }, h('a', { href: `${BASE}/sources` }, 'Sources'), ` / ${name}`),
      pageHead(
        `Link page of ${name}`,
        'How your customers connect their accounts on the hosted Link page: OAuth through the provider, or a pasted key.',
      ),
      h('section', { class: 'card', 'aria-label': 'Link page settings' }, form),
    );
  },
};
