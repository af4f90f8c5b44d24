import { api, seg } from '../api.js';
import { h } from '../dom.js';
import { BASE } from '../router.js';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'collections', label: 'Collections' },
  { id: 'accounts', label: 'Accounts' },
];

export const syncPath = (name, tab = 'overview') => `${BASE}/syncs/${seg(name)}/${tab}`;

/** The sync's name, where it sits, and its tabs (links between the sync's pages). */
export function syncHeader(name, current, extra) {
  return h(
    'div',
    {},
    h(
      'p',
      { class: 'breadcrumb' },
      h('a', { href: `${BASE}/syncs` }, 'Syncs'),
      ' / ',
      extra?.title ? [h('a', { href: syncPath(name, current) }, name), ` / ${extra.title}`] : name,
    ),
    h('div', { class: 'page-head' }, h('h1', {}, extra?.title ?? name), extra?.action ?? null),
    h(
      'nav',
      { class: 'tabs', 'aria-label': `Sync ${name}` },
      TABS.map((t) => h('a', { href: syncPath(name, t.id), 'aria-current': t.id === current ? 'page' : undefined }, t.label)),
    ),
  );
}

/** Every account of the sync's source (the dashboard shows at most the first 100 in its summaries). */
export function fetchAccounts(name, query = '') {
  return api.get(`/syncs/${seg(name)}/accounts?limit=100${query}`);
}

/**
 * One word for the whole sync, from its collections and its accounts' statuses: what a person
 * checks first ("is it working?"), with what to do next when nothing can load yet.
 */
export function syncStatus(overview, accounts) {
  if (overview.collections.length === 0) {
    return { tone: 'neutral', label: 'no collections', help: 'Mount a collection to choose what to copy.' };
  }
  if (accounts.length === 0) return { tone: 'neutral', label: 'waiting for accounts', help: 'Add an account to start loading.' };
  const counts = {};
  for (const a of accounts) counts[a.status] = (counts[a.status] ?? 0) + 1;
  const of = (n) => `${n} of ${accounts.length} ${accounts.length === 1 ? 'account' : 'accounts'}`;
  if (counts.error) return { tone: 'error', label: 'error', help: `${of(counts.error)} stopped with an error.` };
  if (counts.loading) return { tone: 'busy', label: 'loading', help: `${of(counts.loading)} loading.` };
  if (counts.pending) return { tone: 'neutral', label: 'starting', help: 'Loading starts within two minutes of adding an account.' };
  if (counts.live) return { tone: 'ok', label: 'live', help: `${of(counts.live)} up to date.` };
  if (counts.paused === accounts.length) return { tone: 'warn', label: 'paused', help: 'Every account is paused.' };
  return { tone: 'neutral', label: 'idle', help: 'Nothing to load right now.' };
}
