import { api, seg } from '../api.js';
import { h } from '../dom.js';
import { BASE } from '../router.js';
import { card, pageHead } from '../ui.js';

/**
 * The first page after signing up or logging in: the spec's workflow as a checklist, each step
 * ticked from what exists in this environment and linking to where it is done.
 */
export const homePage = {
  title: 'Getting started',
  async render(ctx) {
    const [destinations, sources, syncs] = await Promise.all([api.get('/destinations'), api.get('/sources'), api.get('/syncs')]);
    // The first syncs are enough to tell whether the later steps were done somewhere.
    const overviews = await Promise.all(
      syncs.data.slice(0, 10).map(async (s) => {
        const [overview, accounts] = await Promise.all([
          api.get(`/syncs/${seg(s.name)}`),
          api.get(`/syncs/${seg(s.name)}/accounts?limit=1`),
        ]);
        return { ...overview, hasAccounts: overview.accounts.total > 0 || accounts.data.length > 0 };
      }),
    );
    const firstSync = syncs.data[0];
    const withCollection = overviews.find((o) => o.collections.length > 0);
    const withAccounts = overviews.find((o) => o.hasAccounts);
    const syncLink = (tab) => (firstSync ? `${BASE}/syncs/${seg((withCollection ?? firstSync).name)}/${tab}` : `${BASE}/syncs/new`);

    const steps = [
      {
        done: destinations.data.length > 0,
        title: 'Create a destination',
        text: 'The database the data is copied into. The connection is tested before it is saved.',
        href: destinations.data.length > 0 ? `${BASE}/destinations` : `${BASE}/destinations/new`,
      },
      {
        done: sources.data.length > 0,
        title: 'Create a source',
        text: 'Your provider app, with the key of the account that owns it (verified with the provider).',
        href: sources.data.length > 0 ? `${BASE}/sources` : `${BASE}/sources/new`,
      },
      {
        done: syncs.data.length > 0,
        title: 'Create a sync',
        text: 'Connects the source to the destination.',
        href: firstSync ? `${BASE}/syncs` : `${BASE}/syncs/new`,
      },
      {
        done: Boolean(withCollection),
        title: 'Mount a collection',
        text: 'For example Charges: its table is created in the destination.',
        href: syncLink('collections'),
      },
      {
        done: Boolean(withAccounts),
        title: 'Add an account',
        text: 'Here, or through the Accounts API with an API key. Loading starts within two minutes.',
        href: withAccounts ? `${BASE}/syncs/${seg(withAccounts.name)}/accounts` : syncLink('accounts'),
      },
    ];
    const next = steps.find((s) => !s.done);

    return h(
      'div',
      {},
      pageHead('Getting started', `Organization ${ctx.session.organization.name}, ${ctx.session.environment.name} environment.`),
      card(
        h('h2', {}, next ? 'Copy your first data in five steps' : 'Everything is set up'),
        h(
          'ol',
          { class: 'checklist' },
          steps.map((step, i) =>
            h(
              'li',
              { class: step.done ? 'done' : undefined },
              h('span', { class: 'mark', 'aria-hidden': 'true' }, step.done ? '✓' : String(i + 1)),
              h(
                'div',
                {},
                h('a', { class: 'step-title', href: step.href }, step.title),
                h('span', { class: 'visually-hidden' }, step.done ? ' (done)' : ' (to do)'),
                h('p', { class: 'step-text' }, step.text),
              ),
            ),
          ),
        ),
        next ? h('div', { class: 'actions' }, h('a', { class: 'btn', href: next.href }, `Next: ${next.title.toLowerCase()}`)) : null,
      ),
    );
  },
};
