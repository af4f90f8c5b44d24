import { ApiFailure, api, seg } from '../api.js';
import { confirmAction } from '../confirm.js';
import { h, replace } from '../dom.js';
import { ago, rows, statusBadge } from '../format.js';
import { alertBox, busy, formErrors, textField } from '../forms.js';
import { BASE } from '../router.js';
import { credential, optionalIdentifier } from '../rules.js';
import { card, dataTable, emptyState } from '../ui.js';
import { fetchAccounts, syncHeader } from './syncShared.js';

// The table's last check against the provider: when it held, and what it had to repair.
function verifiedNote(c) {
  if (!c.verified_at) return null;
  const drift =
    c.drift_found > 0 ? ` · ${c.drift_found} difference${c.drift_found === 1 ? '' : 's'} found, ${c.drift_repaired} repaired` : '';
  return h('span', { class: 'sub', 'data-verified': c.table }, 'verified complete as of ', ago(c.verified_at), drift);
}

function progressCell(account) {
  if (account.collections.length === 0) return h('span', { class: 'muted' }, account.status === 'pending' ? 'waiting to start' : '—');
  return h(
    'ul',
    { class: 'plain' },
    account.collections.map((c) => h('li', {}, h('code', {}, c.table), ` ${rows(c.rows_loaded)} `, statusBadge(c.status), verifiedNote(c))),
  );
}

/**
 * The accounts of the sync's source: add one (verified with the provider), verify its tables
 * against the provider, pause, resume and delete it (beta calls: they need early access, as in the public API). Rows update in place
 * every poll, so a keyboard user's focus on a button survives the refresh.
 */
export const syncAccountsPage = {
  title: (ctx) => `${ctx.params.sync} · Accounts`,
  async render(ctx) {
    const name = ctx.params.sync;
    const after = ctx.query.get('after');
    const pageQuery = after ? `&starting_after=${encodeURIComponent(after)}` : '';
    const [overview, first] = await Promise.all([api.get(`/syncs/${seg(name)}`), fetchAccounts(name, pageQuery)]);
    const earlyAccess = ctx.session.environment.early_access;
    const status = h('div', {});
    const say = (kind, message) =>
      replace(status, h('div', { class: `alert alert-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, message));

    const rowsById = new Map();
    const tableHolder = h('div', {});
    const pager = h('div', { class: 'pager' });
    let table = null;

    async function toggle(account, button) {
      const restore = busy(button, account.active ? 'Pausing…' : 'Resuming…');
      try {
        const { account: updated } = await api.put(`/syncs/${seg(name)}/accounts/${seg(account.identifier)}`, { active: !account.active });
        restore();
        await refresh();
        say('ok', `The account ${updated.identifier} is ${updated.active ? 'active again' : 'paused'}.`);
      } catch (failure) {
        restore();
        say('error', failure instanceof ApiFailure ? failure.message : 'The account could not be changed.');
      }
    }

    async function verify(account, button) {
      const restore = busy(button, 'Asking…');
      try {
        await api.post(`/syncs/${seg(name)}/accounts/${seg(account.identifier)}/verify`, {});
        restore();
        say('ok', `The account ${account.identifier} is being verified against the provider; each table shows the result when it is done.`);
      } catch (failure) {
        restore();
        say('error', failure instanceof ApiFailure ? failure.message : 'The verification could not be asked for.');
      }
    }

    async function remove(account, button) {
      const ok = await confirmAction({
        title: `Delete the account ${account.identifier}?`,
        message:
          'Its rows are removed from the destination and the service forgets its credential. This may take several seconds and cannot be undone.',
        confirmLabel: 'Delete account',
      });
      if (!ok) return;
      const restore = busy(button, 'Deleting…');
      try {
        const result = await api.delete(`/syncs/${seg(name)}/accounts/${seg(account.identifier)}`);
        await refresh();
        say(
          'ok',
          result.deleted
            ? `The account ${account.identifier} was deleted.`
            : `The account ${account.identifier} is being deleted; its rows are being removed.`,
        );
      } catch (failure) {
        restore();
        say('error', failure instanceof ApiFailure ? failure.message : 'The account could not be deleted.');
      }
    }

    function makeRow(account) {
      const statusCell = h('td', {});
      const progress = h('td', {});
      const synced = h('td', {});
      const toggleButton = h('button', { type: 'button', class: 'btn btn-small btn-secondary' });
      const deleteButton = h('button', { type: 'button', class: 'btn btn-small btn-danger-outline' }, 'Delete');
      const verifyButton = h('button', { type: 'button', class: 'btn btn-small btn-secondary' }, 'Verify');
      const row = {
        account,
        el: h(
          'tr',
          { 'data-account': account.identifier },
          h(
            'td',
            {},
            h('strong', {}, account.identifier),
            account.identifier !== account.external_id ? h('span', { class: 'sub mono' }, account.external_id) : null,
          ),
          statusCell,
          progress,
          synced,
          h('td', {}, h('div', { class: 'row-actions' }, verifyButton, toggleButton, deleteButton)),
        ),
        update(next) {
          row.account = next;
          replace(statusCell, statusBadge(next.status), next.status_reason ? h('span', { class: 'sub' }, next.status_reason) : null);
          replace(progress, progressCell(next));
          replace(synced, ago(next.last_synced_at));
          toggleButton.textContent = next.active ? 'Pause' : 'Resume';
          toggleButton.setAttribute('aria-label', `${next.active ? 'Pause' : 'Resume'} ${next.identifier}`);
          deleteButton.setAttribute('aria-label', `Delete ${next.identifier}`);
          verifyButton.setAttribute('aria-label', `Verify ${next.identifier} against the provider`);
          const deleting = next.status === 'deleting';
          if (toggleButton.getAttribute('aria-busy') !== 'true') toggleButton.disabled = !earlyAccess || deleting;
          if (deleteButton.getAttribute('aria-busy') !== 'true') deleteButton.disabled = !earlyAccess || deleting;
          if (verifyButton.getAttribute('aria-busy') !== 'true') verifyButton.disabled = deleting || !next.active;
        },
      };
      toggleButton.addEventListener('click', () => void toggle(row.account, toggleButton));
      deleteButton.addEventListener('click', () => void remove(row.account, deleteButton));
      verifyButton.addEventListener('click', () => void verify(row.account, verifyButton));
      row.update(account);
      return row;
    }

    function render(list) {
      if (list.data.length === 0 && !after) {
        table = null;
        rowsById.clear();
        replace(tableHolder, emptyState('No account yet. Add the first one with the form.'));
      } else {
        if (!table) {
          table = dataTable(
            `Accounts of the source ${overview.source.name}`,
            ['Account', 'Status', 'Progress', 'Last synced', { label: 'Actions', hidden: true }],
            [],
          );
          replace(tableHolder, table);
        }
        const seen = new Set();
        for (const account of list.data) {
          seen.add(account.identifier);
          const existing = rowsById.get(account.identifier);
          if (existing) existing.update(account);
          else rowsById.set(account.identifier, makeRow(account));
        }
        for (const [id, row] of rowsById) {
          if (!seen.has(id)) {
            row.el.remove();
            rowsById.delete(id);
          }
        }
        // Keep the API's order (by identifier) without re-inserting rows that are in place.
        list.data.forEach((account, i) => {
          const el = rowsById.get(account.identifier).el;
          if (table.body.children[i] !== el) table.body.insertBefore(el, table.body.children[i] ?? null);
        });
      }
      const last = list.data[list.data.length - 1];
      replace(
        pager,
        after ? h('a', { href: `${BASE}/syncs/${seg(name)}/accounts` }, '← First page') : null,
        list.has_more && last
          ? h('a', { href: `${BASE}/syncs/${seg(name)}/accounts?after=${encodeURIComponent(last.identifier)}` }, 'Next page →')
          : null,
      );
    }

    async function refresh() {
      const list = await fetchAccounts(name, pageQuery);
      if (ctx.active()) render(list);
    }
    render(first);
    ctx.poll(refresh);

    const fields = {
      credential: textField({
        name: 'credential',
        label: 'Credential',
        type: 'password',
        autocomplete: 'new-password',
        mono: true,
        maxLength: 255,
        rule: credential('The credential'),
        placeholder: 'sk_test_… or acct_…',
        hint: 'The account’s secret key (sk_…) or a restricted key (rk_…), or the acct_… id of an account connected to your app. Verified with the provider; never shown again.',
      }),
      identifier: textField({
        name: 'identifier',
        label: 'Identifier',
        optional: true,
        maxLength: 255,
        rule: optionalIdentifier('The identifier'),
        hint: 'Fills the account_id column of its rows. Left empty, the provider’s account id is used.',
      }),
    };
    const formAlert = alertBox();
    const errors = formErrors(fields, formAlert);
    const submit = h('button', { type: 'submit', class: 'btn' }, 'Add account');
    const form = h(
      'form',
      { novalidate: true },
      formAlert.el,
      fields.credential.el,
      fields.identifier.el,
      h('div', { class: 'actions' }, submit),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!errors.validateAll()) return;
      const body = { credential: fields.credential.value.trim() };
      if (fields.identifier.value.trim() !== '') body.identifier = fields.identifier.value.trim();
      const restore = busy(submit, 'Verifying…');
      let result;
      try {
        result = await api.post(`/syncs/${seg(name)}/accounts`, body);
      } catch (failure) {
        if (!(failure instanceof ApiFailure)) throw failure;
        errors.showFailure(failure, 'The account was not added');
      } finally {
        // The credential leaves the page as soon as it is sent, whatever the answer.
        fields.credential.input.value = '';
        restore();
      }
      if (!result) return;
      fields.identifier.input.value = '';
      await refresh();
      say(
        'ok',
        result.already_existed
          ? `The account ${result.account.identifier} already existed; its credential was replaced.`
          : `The account ${result.account.identifier} was added. Loading starts within two minutes.`,
      );
    });

    const betaNote = earlyAccess
      ? null
      : h(
          'div',
          { class: 'alert alert-info', role: 'note' },
          'Pausing, resuming and deleting accounts are beta features. ',
          h('a', { href: `${BASE}/settings` }, 'Turn on early access'),
          ' to use them.',
        );

    return h(
      'div',
      {},
      syncHeader(name, 'accounts'),
      status,
      card(h('h2', {}, `Accounts of ${overview.source.name}`), betaNote, tableHolder, pager),
      card(h('h2', {}, 'Add an account'), form),
    );
  },
};
