import { ApiFailure, api, seg } from '../api.js';
import { h, replace } from '../dom.js';
import { alertBox, busy, formErrors, textField } from '../forms.js';
import { ago, toneBadge, when } from '../format.js';
import { BASE } from '../router.js';
import { card, pageHead } from '../ui.js';
import { previousSecretHours, webhookSecret } from '../rules.js';

/**
 * The source's webhook endpoint (GET /sources/{name}/webhook): what to enter in the provider's
 * dashboard, and the signing secret to copy back here (PUT …/webhook_secret). The secret is
 * never shown again once saved: only when each was set and until when it verifies.
 */
export const sourceWebhookPage = {
  title: (ctx) => `Webhooks · ${ctx.params.source}`,
  async render(ctx) {
    const { source: name } = ctx.params;
    const webhook = await api.get(`/sources/${seg(name)}/webhook`);
    const here = `${BASE}/sources/${seg(name)}/webhook`;

    const endpoint = card(
      h('h2', {}, '1. Add the endpoint in Stripe'),
      h(
        'p',
        {},
        'In the Stripe dashboard of the account that owns the app: Developers → Webhooks → Add endpoint. Choose “Events on Connected ' +
          'accounts” for Connect accounts (and add a second endpoint with “Events on your account” for the account itself).',
      ),
      h(
        'dl',
        { class: 'facts' },
        h('dt', {}, 'Endpoint URL'),
        h('dd', { class: 'mono' }, webhook.url),
        h('dt', {}, 'Events to send'),
        h('dd', { class: 'mono' }, webhook.enabled_events.join(', ')),
      ),
    );

    const secretField = textField({
      name: 'secret',
      label: 'Signing secret',
      type: 'password',
      mono: true,
      hint: 'Stripe shows it on the endpoint’s page (Reveal signing secret): whsec_…. Stored encrypted, never shown again.',
      rule: webhookSecret('The signing secret'),
    });
    const hoursField = textField({
      name: 'previous_valid_hours',
      label: 'Previous secrets stay valid for (hours)',
      type: 'number',
      value: '24',
      hint: 'While Stripe rolls a secret it signs with both for up to 24 hours; 0 stops the previous ones at once.',
      rule: previousSecretHours('The hours'),
    });
    const formAlert = alertBox();
    const errors = formErrors({ secret: secretField, previous_valid_hours: hoursField }, formAlert);
    const submit = h('button', { type: 'submit', class: 'btn' }, webhook.secret_set ? 'Rotate secret' : 'Save secret');
    const form = h('form', { novalidate: true }, formAlert.el, secretField.el, hoursField.el, h('div', { class: 'actions' }, submit));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!errors.validateAll()) return;
      const restore = busy(submit, 'Saving…');
      try {
        await api.put(`/sources/${seg(name)}/webhook_secret`, {
          secret: secretField.value.trim(),
          previous_valid_hours: Number(hoursField.value),
        });
        ctx.app.flash('ok', `The signing secret of ${name} was saved.`);
        await ctx.app.go(here, { replace: true });
      } catch (failure) {
        restore();
        if (!(failure instanceof ApiFailure)) throw failure;
        errors.showFailure(failure, 'The secret was not saved');
      }
    });

    const secrets = webhook.secrets.map((secret) =>
      h(
        'li',
        {},
        secret.expires_at ? toneBadge('warn', 'previous') : toneBadge('ok', 'current'),
        ' set ',
        when(secret.created_at),
        secret.expires_at ? [' · verifies until ', when(secret.expires_at)] : null,
      ),
    );
    const status = card(
      h('h2', {}, '2. Copy its signing secret here'),
      webhook.secret_set
        ? h('ul', {}, secrets)
        : h('p', {}, toneBadge('neutral', 'not set'), ' Every delivery is refused until a secret is set.'),
      h('p', {}, 'Last delivery: ', ago(webhook.last_received_at)),
      webhook.unrouted_events > 0
        ? h('p', { class: 'hint' }, `${webhook.unrouted_events} deliveries named accounts this source does not load; they were dropped.`)
        : null,
      form,
    );

    const lifecycle = connectLifecycleCard(name, webhook.connect_lifecycle);

    return h(
      'div',
      {},
      h('p', { class: 'breadcrumb' }, h('a', { href: `${BASE}/sources` }, 'Sources'), ` / ${name}`),
      pageHead(
        `Webhooks of ${name}`,
        'Stripe tells the loader about each change within seconds; the regular poll then runs every few minutes only, as a safety net.',
      ),
      endpoint,
      status,
      lifecycle,
    );
  },
};

/** The opt-in switch for the Connect lifecycle (PUT /sources/{name}/webhook_lifecycle). */
function connectLifecycleCard(name, enabled) {
  const status = h('div', { 'aria-live': 'polite' });
  const toggle = h('input', {
    type: 'checkbox',
    role: 'switch',
    id: 'connect-lifecycle',
    checked: enabled,
    'aria-describedby': 'connect-lifecycle-help',
  });
  toggle.addEventListener('change', async () => {
    const on = toggle.checked;
    toggle.disabled = true;
    try {
      await api.put(`/sources/${seg(name)}/webhook_lifecycle`, { connect_lifecycle: on });
      replace(
        status,
        h(
          'div',
          { class: 'alert alert-ok', role: 'status' },
          on
            ? `Accounts that connect to the app of ${name} are now registered, paused and resumed by Stripe's events.`
            : `Stripe's connect and disconnect events for ${name} are now counted and dropped.`,
        ),
      );
    } catch (failure) {
      toggle.checked = !on;
      replace(
        status,
        h(
          'div',
          { class: 'alert alert-error', role: 'alert' },
          failure instanceof ApiFailure ? failure.message : 'The setting could not be changed.',
        ),
      );
    } finally {
      toggle.disabled = false;
    }
  });
  return card(
    h('h2', {}, '3. Connected accounts (optional)'),
    h(
      'div',
      { class: 'switch' },
      toggle,
      h(
        'div',
        {},
        h('label', { for: 'connect-lifecycle' }, 'Follow Stripe’s connect and disconnect events'),
        h(
          'p',
          { class: 'hint', id: 'connect-lifecycle-help' },
          'Enable account.application.authorized and account.application.deauthorized on the Connect endpoint. An account that ' +
            'connects to the app is then registered and loaded without an API call; one that disconnects is paused (its rows stay) ' +
            'and resumed if it connects again. Off: those events are counted and dropped.',
        ),
      ),
    ),
    status,
  );
}
