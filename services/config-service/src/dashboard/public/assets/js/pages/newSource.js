import { ApiFailure, api, loadCatalog } from '../api.js';
import { h, replace } from '../dom.js';
import { alertBox, busy, formErrors, selectField, textField } from '../forms.js';
import { BASE } from '../router.js';
import { chosen, lowercaseName, optionalOauthClientId, requiredText } from '../rules.js';
import { pageHead } from '../ui.js';
import { rateBudgetField } from './rateBudgetField.js';

/**
 * Spec §2: choosing the provider reveals its own inputs; the key is verified with the provider
 * before the source is created (POST /sources does both) and is never shown again: the input is
 * a password field the browser does not remember, emptied once sent.
 */
export const newSourcePage = {
  title: 'New source',
  async render(ctx) {
    const catalog = await loadCatalog();
    const name = textField({
      name: 'name',
      label: 'Name',
      rule: lowercaseName('Name'),
      maxLength: 63,
      hint: 'Lowercase letters, digits and underscores, e.g. stripe_main. The Accounts API refers to the source by this name.',
    });
    const provider = selectField({
      name: 'provider',
      label: 'Provider',
      placeholder: 'Choose a provider',
      choices: catalog.providers.map((p) => ({ value: p.name, label: p.label })),
      rule: chosen('a provider'),
    });
    const ratePercent = rateBudgetField(50);
    const providerInputs = h('div', {});
    const formAlert = alertBox();
    let fields = { name, provider, rate_budget_percent: ratePercent };
    let errors = formErrors(fields, formAlert);

    function showProviderInputs() {
      const chosenProvider = catalog.providers.find((p) => p.name === provider.value);
      const own = {};
      for (const f of chosenProvider?.fields ?? []) {
        own[f.name] = textField({
          name: f.name,
          label: f.label,
          type: f.secret ? 'password' : 'text',
          autocomplete: f.secret ? 'new-password' : 'off',
          placeholder: f.placeholder,
          hint: f.hint,
          mono: true,
          maxLength: 255,
          rule: requiredText(f.secret ? 'The key' : f.label),
        });
      }
      // Optional and public: without it the Link page offers only the pasted key.
      if (chosenProvider) {
        own.oauth_client_id = textField({
          name: 'oauth_client_id',
          label: 'OAuth client ID',
          optional: true,
          placeholder: 'ca_…',
          hint: "For the Link page's Connect with Stripe button; from your Connect settings, starts with ca_.",
          mono: true,
          maxLength: 255,
          rule: optionalOauthClientId('The OAuth client ID'),
        });
      }
      replace(
        providerInputs,
        chosenProvider
          ? h(
              'fieldset',
              {},
              h('legend', {}, `${chosenProvider.label} settings`),
              Object.values(own).map((f) => f.el),
            )
          : null,
      );
      fields = { name, provider, rate_budget_percent: ratePercent, ...own };
      errors = formErrors(fields, formAlert);
    }
    provider.input.addEventListener('change', showProviderInputs);

    const submit = h('button', { type: 'submit', class: 'btn' }, 'Verify key and create source');
    const form = h(
      'form',
      { novalidate: true },
      formAlert.el,
      name.el,
      provider.el,
      providerInputs,
      ratePercent.el,
      h('div', { class: 'actions' }, submit),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!errors.validateAll()) return;
      const chosenProvider = catalog.providers.find((p) => p.name === provider.value);
      const body = { name: name.value.trim(), provider: provider.value, rate_budget_percent: Number(ratePercent.value.trim()) };
      for (const f of chosenProvider.fields) body[f.name] = fields[f.name].value.trim();
      const oauthClientId = fields.oauth_client_id.value.trim();
      if (oauthClientId !== '') body.oauth_client_id = oauthClientId;
      const restore = busy(submit, `Verifying with ${chosenProvider.label}…`);
      try {
        const created = await api.post('/sources', body);
        ctx.app.flash(
          'ok',
          `The source ${created.name} was created for the ${chosenProvider.label} account ${created.provider_account_id}.`,
        );
        await ctx.app.go(`${BASE}/sources`);
      } catch (failure) {
        restore();
        if (!(failure instanceof ApiFailure)) throw failure;
        errors.showFailure(failure, 'The source was not created');
      } finally {
        // The key leaves the page whatever happened: it is never kept once sent.
        for (const f of chosenProvider.fields) if (f.secret) fields[f.name].input.value = '';
      }
    });

    return h(
      'div',
      {},
      h('p', { class: 'breadcrumb' }, h('a', { href: `${BASE}/sources` }, 'Sources'), ' / new'),
      pageHead('New source', 'The provider app whose accounts you will register, with the key of the account that owns it.'),
      h('section', { class: 'card', 'aria-label': 'Source settings' }, form),
    );
  },
};
