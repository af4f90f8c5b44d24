import { ApiFailure, api, seg } from '../api.js';
import { h, replace } from '../dom.js';
import { when } from '../format.js';
import { card, pageHead } from '../ui.js';

/** The environment's settings: its early-access switch for the beta account calls. */
export const settingsPage = {
  title: 'Settings',
  async render(ctx) {
    const env = ctx.session.environment;
    const status = h('div', { 'aria-live': 'polite' });
    const toggle = h('input', {
      type: 'checkbox',
      role: 'switch',
      id: 'early-access',
      checked: env.early_access,
      'aria-describedby': 'early-access-help',
    });
    toggle.addEventListener('change', async () => {
      const enabled = toggle.checked;
      toggle.disabled = true;
      try {
        await api.put(`/environments/${seg(env.name)}/early_access`, { enabled });
        await ctx.app.reloadSession();
        replace(
          status,
          h(
            'div',
            { class: 'alert alert-ok', role: 'status' },
            enabled
              ? `Early access is on for ${env.name}: accounts can be paused, resumed and deleted.`
              : `Early access is off for ${env.name}.`,
          ),
        );
      } catch (failure) {
        toggle.checked = !enabled;
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

    return h(
      'div',
      {},
      pageHead('Settings', `Settings of the ${env.name} environment of ${ctx.session.organization.name}.`),
      card(
        h('h2', {}, 'Early access'),
        h(
          'div',
          { class: 'switch' },
          toggle,
          h(
            'div',
            {},
            h('label', { for: 'early-access' }, 'Beta account calls'),
            h(
              'p',
              { class: 'hint', id: 'early-access-help' },
              'Pausing, resuming and deleting accounts — in the dashboard and through the Accounts API (PUT and DELETE /accounts/{SOURCE_TYPE}/{IDENTIFIER}) — are in beta. Turn this on to use them in this environment.',
            ),
          ),
        ),
        status,
      ),
      card(
        h('h2', {}, 'Environment'),
        h(
          'dl',
          { class: 'facts' },
          h('dt', {}, 'Name'),
          h('dd', {}, env.name),
          h('dt', {}, 'Organization'),
          h('dd', {}, ctx.session.organization.name),
          h('dt', {}, 'Created'),
          h('dd', {}, when(env.created_at)),
        ),
        h(
          'p',
          { class: 'hint' },
          'Switch environments with the selector at the top: destinations, sources, syncs, accounts and API keys belong to one environment.',
        ),
      ),
    );
  },
};
