import { ApiFailure, api, loadCatalog, seg } from '../api.js';
import { confirmAction } from '../confirm.js';
import { h, replace } from '../dom.js';
import { toneBadge, when } from '../format.js';
import { busy, textField } from '../forms.js';
import { card, dataTable, emptyState, errorAlert, pageHead } from '../ui.js';

const DELIVERY_TONES = { pending: 'busy', succeeded: 'ok', failed: 'error' };

/** A new endpoint's signing secret, shown once: it lives in this panel's input only and goes with it. */
function secretPanel(created, onDone) {
  const input = h('input', {
    type: 'text',
    readOnly: true,
    value: created.secret,
    id: 'new-webhook-secret',
    class: 'mono',
    'aria-label': 'Signing secret',
  });
  const done = h('button', { type: 'button', class: 'btn' }, 'I have stored the secret');
  done.addEventListener('click', () => {
    input.value = '';
    onDone();
  });
  return card(
    h('h2', {}, 'Signing secret of the new endpoint'),
    h(
      'div',
      { class: 'alert alert-warn', role: 'status' },
      'Copy the secret now: it is shown only this once. Verify each delivery’s Datasync-Signature header with it.',
    ),
    h('div', { class: 'secret-box' }, input),
    h('div', { class: 'actions' }, done),
  );
}

/** An endpoint's delivery log, with a re-send button per delivery. */
async function deliveryLog(endpoint, holder) {
  const { data } = await api.get(`/webhook_endpoints/${seg(endpoint.id)}/deliveries?limit=50`);
  const status = h('div', {});
  async function resend(delivery, button) {
    const restore = busy(button, 'Sending…');
    try {
      await api.post(`/webhook_endpoints/${seg(endpoint.id)}/deliveries/${seg(delivery.id)}/retry`);
      await deliveryLog(endpoint, holder);
    } catch (failure) {
      restore();
      replace(status, errorAlert(failure instanceof ApiFailure ? failure.message : 'It could not be re-sent.'));
    }
  }
  replace(
    holder,
    h('h3', {}, `Deliveries to ${endpoint.url}`),
    status,
    data.length === 0
      ? emptyState('No event sent to this endpoint yet.')
      : dataTable(
          `Deliveries to ${endpoint.url}`,
          [
            'Event',
            'Status',
            { label: 'Attempts', num: true },
            'Last answer',
            { label: 'Latency', num: true },
            'Last attempt',
            'Next attempt',
            { label: 'Actions', hidden: true },
          ],
          data.map((d) => {
            const button = h(
              'button',
              { type: 'button', class: 'btn btn-small btn-secondary', 'aria-label': `Re-send ${d.event.id}` },
              'Re-send',
            );
            button.addEventListener('click', () => void resend(d, button));
            return h(
              'tr',
              {},
              h('td', {}, d.event.type, h('span', { class: 'sub mono' }, d.event.id)),
              h('td', {}, toneBadge(DELIVERY_TONES[d.status] ?? 'neutral', d.status)),
              h('td', { class: 'num' }, attemptHistory(d)),
              h('td', {}, d.last_status_code ? `HTTP ${d.last_status_code}` : (d.last_error ?? '—')),
              h('td', { class: 'num' }, d.last_latency_ms === null ? '—' : `${d.last_latency_ms} ms`),
              h('td', {}, when(d.last_attempt_at)),
              h('td', {}, d.next_attempt_at ? when(d.next_attempt_at) : '—'),
              h('td', {}, button),
            );
          }),
        ),
  );
}

/** The attempt count, opening onto every kept attempt (newest first): when, the answer, how long. */
function attemptHistory(delivery) {
  if (delivery.attempt_log.length === 0) return String(delivery.attempts);
  return h(
    'details',
    {},
    h('summary', {}, String(delivery.attempts)),
    h(
      'ol',
      { class: 'attempts' },
      delivery.attempt_log.map((a) =>
        h(
          'li',
          {},
          `#${a.attempt} `,
          a.status_code ? `HTTP ${a.status_code}` : (a.error ?? 'no answer'),
          ` · ${a.latency_ms} ms · `,
          when(a.attempted_at),
        ),
      ),
    ),
  );
}

export const webhooksPage = {
  title: 'Webhooks',
  async render(ctx) {
    const env = ctx.session.environment.name;
    const { webhookEvents } = await loadCatalog();
    const panel = h('div', {});
    const status = h('div', {});
    const listHolder = h('div', {});
    const logHolder = h('div', {});

    const url = textField({
      name: 'url',
      label: 'Endpoint URL',
      hint: env === 'production' ? 'https only, on the public internet.' : 'On the public internet.',
      placeholder: 'https://example.com/datasync/webhooks',
      mono: true,
      maxLength: 2048,
    });
    const all = h('input', { type: 'checkbox', name: 'all', id: 'webhook-all', checked: true });
    const boxes = webhookEvents.map((type) => h('input', { type: 'checkbox', name: 'event', value: type, id: `webhook-${type}` }));
    const submit = h('button', { type: 'submit', class: 'btn' }, 'Add endpoint');
    const form = h(
      'form',
      { class: 'card', 'aria-label': 'New webhook endpoint' },
      url.el,
      h(
        'fieldset',
        {},
        h('legend', {}, 'Events'),
        h('label', {}, all, ' every event'),
        boxes.map((b) => h('label', {}, b, ` ${b.value}`)),
      ),
      h('div', { class: 'actions' }, submit),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const enabled = all.checked ? ['*'] : boxes.filter((b) => b.checked).map((b) => b.value);
      const restore = busy(submit, 'Adding…');
      url.clearError();
      try {
        const created = await api.post('/webhook_endpoints', { url: url.value, enabled_events: enabled });
        restore();
        status.replaceChildren();
        url.input.value = '';
        replace(
          panel,
          secretPanel(created, () => panel.replaceChildren()),
        );
        panel.querySelector('#new-webhook-secret')?.focus();
        await load();
      } catch (failure) {
        restore();
        // A refused URL is explained under the field; anything else above the form.
        if (failure instanceof ApiFailure && failure.body?.param === 'url') url.setError(failure.message);
        else replace(status, errorAlert(failure instanceof ApiFailure ? failure.message : 'The endpoint could not be added.'));
      }
    });

    async function remove(endpoint, button) {
      const ok = await confirmAction({
        title: `Delete ${endpoint.url}?`,
        message: 'Nothing more is sent to it, and its delivery log goes.',
        confirmLabel: 'Delete',
      });
      if (!ok) return;
      const restore = busy(button, 'Deleting…');
      try {
        await api.delete(`/webhook_endpoints/${seg(endpoint.id)}`);
        logHolder.replaceChildren();
        await load();
      } catch (failure) {
        restore();
        replace(status, errorAlert(failure instanceof ApiFailure ? failure.message : 'It could not be deleted.'));
      }
    }

    async function setDisabled(endpoint, disabled, button) {
      const restore = busy(button, disabled ? 'Disabling…' : 'Enabling…');
      try {
        await api.post(`/webhook_endpoints/${seg(endpoint.id)}`, { disabled });
        await load();
      } catch (failure) {
        restore();
        replace(status, errorAlert(failure instanceof ApiFailure ? failure.message : 'It could not be changed.'));
      }
    }

    async function load() {
      const { data } = await api.get('/webhook_endpoints');
      replace(
        listHolder,
        data.length === 0
          ? emptyState(`No webhook endpoint in ${env} yet.`)
          : dataTable(
              `Webhook endpoints of ${env}`,
              ['URL', 'Events', 'Status', 'Created', { label: 'Actions', hidden: true }],
              data.map((e) => {
                const show = h(
                  'button',
                  { type: 'button', class: 'btn btn-small btn-secondary', 'aria-label': `Deliveries to ${e.url}` },
                  'Deliveries',
                );
                show.addEventListener(
                  'click',
                  () => void deliveryLog(e, logHolder).catch(() => replace(logHolder, errorAlert('The delivery log could not be loaded.'))),
                );
                // A disabled endpoint (failing for days, or by hand) is enabled again here; its failing streak starts over.
                const toggle = h(
                  'button',
                  {
                    type: 'button',
                    class: 'btn btn-small btn-secondary',
                    'aria-label': `${e.status === 'disabled' ? 'Enable' : 'Disable'} ${e.url}`,
                  },
                  e.status === 'disabled' ? 'Enable' : 'Disable',
                );
                toggle.addEventListener('click', () => void setDisabled(e, e.status !== 'disabled', toggle));
                const del = h(
                  'button',
                  { type: 'button', class: 'btn btn-small btn-danger-outline', 'aria-label': `Delete ${e.url}` },
                  'Delete',
                );
                del.addEventListener('click', () => void remove(e, del));
                return h(
                  'tr',
                  {},
                  h('td', {}, h('code', {}, e.url)),
                  h('td', {}, e.enabled_events.join(', ')),
                  h(
                    'td',
                    {},
                    e.status === 'enabled'
                      ? toneBadge(e.failing_since ? 'warn' : 'ok', e.failing_since ? 'failing' : 'enabled')
                      : toneBadge('error', 'disabled'),
                    e.disabled_reason ? h('span', { class: 'sub' }, e.disabled_reason) : null,
                    e.failing_since ? h('span', { class: 'sub' }, 'failing since ', when(e.failing_since)) : null,
                  ),
                  h('td', {}, when(new Date(e.created * 1000).toISOString())),
                  h('td', {}, h('div', { class: 'row-actions' }, show, toggle, del)),
                );
              }),
            ),
      );
    }
    await load();

    return h(
      'div',
      {},
      pageHead(
        'Webhooks',
        `URLs of your systems that ${env}'s account events (attached, backfill completed, live, error, recovered, paused, resumed, deleted, verified) are sent to, signed, with retries for three days.`,
      ),
      panel,
      status,
      form,
      listHolder,
      logHolder,
    );
  },
};
