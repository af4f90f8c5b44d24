import { ApiFailure, api, seg } from '../api.js';
import { confirmAction } from '../confirm.js';
import { h, replace } from '../dom.js';
import { toneBadge, when } from '../format.js';
import { busy } from '../forms.js';
import { card, dataTable, emptyState, errorAlert, pageHead } from '../ui.js';

const MAX_ACTIVE = 2;

async function copy(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard access (an insecure origin, a denied permission) the text is selected for Ctrl+C.
    input.focus();
    input.select();
    return false;
  }
}

/**
 * The secret of a new credential, shown once: it lives in this panel's input only (never in a
 * URL or storage) and is gone when the panel is closed or the page left.
 */
function secretPanel(created, { replacing, onRevokeOld, onDone }) {
  const secretInput = h('input', {
    type: 'text',
    readOnly: true,
    value: created.client_secret,
    id: 'new-client-secret',
    'aria-label': 'Client secret',
    class: 'mono',
  });
  const copyStatus = h('span', { role: 'status', class: 'muted' });
  const copyButton = h('button', { type: 'button', class: 'btn btn-secondary' }, 'Copy secret');
  copyButton.addEventListener('click', async () => {
    copyStatus.textContent = (await copy(created.client_secret, secretInput))
      ? 'Copied to the clipboard.'
      : 'Selected: press Ctrl+C (⌘C) to copy.';
  });
  const done = h('button', { type: 'button', class: 'btn' }, 'I have stored the secret');
  done.addEventListener('click', () => {
    secretInput.value = '';
    onDone();
  });
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'secret-title' },
    h('h2', { id: 'secret-title' }, 'Your new client credential'),
    h('div', { class: 'alert alert-warn', role: 'status' }, 'Copy the secret now and store it safely: it is shown only this once.'),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Client ID'),
      h('dd', {}, h('code', { id: 'new-client-id' }, created.client_id)),
      h('dt', {}, h('label', { for: 'new-client-secret' }, 'Client secret')),
      h('dd', {}, h('div', { class: 'secret-box' }, secretInput, copyButton), copyStatus),
    ),
    replacing
      ? h(
          'div',
          { class: 'alert alert-info' },
          `Rotation: once your integration uses this credential, revoke the old one (${replacing.client_id}). `,
          h(
            'button',
            { type: 'button', class: 'btn btn-small btn-danger-outline', on: { click: (e) => onRevokeOld(replacing, e.currentTarget) } },
            `Revoke ${replacing.client_id}`,
          ),
        )
      : null,
    h('div', { class: 'actions' }, done),
  );
}

export const credentialsPage = {
  title: 'API keys',
  async render(ctx) {
    const env = ctx.session.environment.name;
    const panel = h('div', {});
    const listHolder = h('div', {});
    const status = h('div', {});
    const createButton = h('button', { type: 'button', class: 'btn' }, 'Create credential');
    const limitNote = h('p', { class: 'hint', id: 'credential-limit' });
    createButton.setAttribute('aria-describedby', 'credential-limit');

    async function revoke(credential, button) {
      const ok = await confirmAction({
        title: `Revoke ${credential.client_id}?`,
        message: 'Requests with this credential stop working within seconds. This cannot be undone.',
        confirmLabel: 'Revoke',
      });
      if (!ok) return;
      const restore = busy(button, 'Revoking…');
      try {
        await api.post(`/client_credentials/${seg(credential.client_id)}/revoke`);
        // The list first, so the confirmation never shows beside a list that still says active.
        await load();
        replace(status, h('div', { class: 'alert alert-ok', role: 'status' }, `${credential.client_id} is revoked.`));
      } catch (failure) {
        restore();
        replace(status, errorAlert(failure instanceof ApiFailure ? failure.message : 'It could not be revoked.'));
      }
    }

    // An admin credential can point a destination at any server and so read every account's data:
    // it is asked for with its own button and confirmed separately, never the default.
    async function confirmAdmin() {
      return confirmAction({
        title: 'Create an admin credential?',
        message:
          `An admin credential can manage API keys, destinations, sources and syncs of ${env}, including where every account's data is sent. ` +
          'Your integration only needs an Accounts API credential; give admin credentials only to automation you control.',
        confirmLabel: 'Create admin credential',
      });
    }

    async function create(replacing, button, scope = 'accounts') {
      if (scope === 'admin' && !(await confirmAdmin())) return;
      const restore = busy(button, 'Creating…');
      let created;
      try {
        created = await api.post('/client_credentials', scope === 'admin' ? { scope, confirm_admin_scope: true } : {});
      } catch (failure) {
        restore();
        replace(status, errorAlert(failure instanceof ApiFailure ? failure.message : 'The credential could not be created.'));
        return;
      }
      restore();
      status.replaceChildren();
      // The secret first: it can never be fetched again, whatever happens to the list next.
      replace(
        panel,
        secretPanel(created, {
          replacing,
          onRevokeOld: (old, revokeButton) => void revoke(old, revokeButton),
          onDone: () => {
            panel.replaceChildren();
            createButton.focus();
          },
        }),
      );
      panel.querySelector('#new-client-secret')?.focus();
      await load().catch(() => replace(status, errorAlert('The list of credentials could not be refreshed; reload the page.')));
    }

    createButton.addEventListener('click', () => void create(null, createButton));
    const createAdminButton = h('button', { type: 'button', class: 'btn btn-secondary' }, 'Create admin credential');
    createAdminButton.addEventListener('click', () => void create(null, createAdminButton, 'admin'));

    async function load() {
      const { data } = await api.get('/client_credentials');
      // The limit counts per scope.
      const activeOf = (scope) => data.filter((c) => c.active && c.scope === scope).length;
      const active = activeOf('accounts');
      createButton.disabled = active >= MAX_ACTIVE;
      createAdminButton.disabled = activeOf('admin') >= MAX_ACTIVE;
      limitNote.textContent =
        active >= MAX_ACTIVE
          ? `An environment has at most ${MAX_ACTIVE} active credentials: revoke one to create another.`
          : `${active} of ${MAX_ACTIVE} active Accounts API credentials in ${env} (admin credentials count apart).`;
      replace(
        listHolder,
        data.length === 0
          ? emptyState('No credential yet. Create one to call the Accounts API.')
          : dataTable(
              `Client credentials of ${env}`,
              ['Client ID', 'Secret', 'Scope', 'Status', 'Created', { label: 'Actions', hidden: true }],
              data.map((c) => {
                const actions = [];
                if (c.active) {
                  const rotate = h(
                    'button',
                    {
                      type: 'button',
                      class: 'btn btn-small btn-secondary',
                      'aria-label': `Rotate ${c.client_id}`,
                      disabled: activeOf(c.scope) >= MAX_ACTIVE,
                    },
                    'Rotate',
                  );
                  rotate.addEventListener('click', () => void create(c, rotate, c.scope));
                  const revokeButton = h(
                    'button',
                    { type: 'button', class: 'btn btn-small btn-danger-outline', 'aria-label': `Revoke ${c.client_id}` },
                    'Revoke',
                  );
                  revokeButton.addEventListener('click', () => void revoke(c, revokeButton));
                  actions.push(rotate, revokeButton);
                }
                return h(
                  'tr',
                  {},
                  h('td', {}, h('code', {}, c.client_id)),
                  h('td', {}, h('span', { class: 'mono' }, c.secret_last4 ? `••••${c.secret_last4}` : '••••')),
                  h('td', {}, c.scope === 'admin' ? toneBadge('warn', 'admin') : toneBadge('neutral', 'Accounts API')),
                  h(
                    'td',
                    {},
                    c.active ? toneBadge('ok', 'active') : toneBadge('neutral', 'revoked'),
                    c.revoked_at ? h('span', { class: 'sub' }, 'revoked ', when(c.revoked_at)) : null,
                  ),
                  h('td', {}, when(c.created_at)),
                  h('td', {}, h('div', { class: 'row-actions' }, actions)),
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
        'API keys',
        `Client credentials of the ${env} environment. Your integration calls the Accounts API with HTTP Basic auth: the client ID as user name, the client secret as password. ` +
          'Admin credentials can also manage keys, destinations, sources and syncs through the configuration API.',
        h('div', { class: 'row-actions' }, createButton, createAdminButton),
      ),
      limitNote,
      status,
      panel,
      card(listHolder),
      card(
        h('h2', {}, 'Rotating a credential'),
        h(
          'p',
          { class: 'muted' },
          'Rotate creates a second credential; move your integration to it, then revoke the old one. No request fails in between.',
        ),
      ),
    );
  },
};
