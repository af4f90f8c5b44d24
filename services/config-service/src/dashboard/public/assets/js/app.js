import { ApiFailure, api, setCsrfToken, whenSessionLost } from './api.js';
import { h, replace } from './dom.js';
import { topBar } from './layout.js';
import { BASE, createRouter } from './router.js';
import { loginPage, signupPage } from './pages/auth.js';
import { collectionPage } from './pages/collection.js';
import { credentialsPage } from './pages/credentials.js';
import { destinationsPage } from './pages/destinations.js';
import { homePage } from './pages/home.js';
import { newDestinationPage } from './pages/newDestination.js';
import { newSourcePage } from './pages/newSource.js';
import { newSyncPage } from './pages/newSync.js';
import { notFoundPage } from './pages/notFound.js';
import { settingsPage } from './pages/settings.js';
import { sourceLinkPage } from './pages/sourceLinkPage.js';
import { sourceRateBudgetPage } from './pages/sourceRateBudget.js';
import { sourceWebhookPage } from './pages/sourceWebhook.js';
import { sourcesPage } from './pages/sources.js';
import { syncAccountsPage } from './pages/syncAccounts.js';
import { syncCollectionsPage } from './pages/syncCollections.js';
import { syncOverviewPage } from './pages/syncOverview.js';
import { syncsPage } from './pages/syncs.js';
import { webhooksPage } from './pages/webhooks.js';

// Every page: { title(ctx), render(ctx) → Node, public? }. Public pages are for visitors
// without a session (log in, sign up); all others need one.
const ROUTES = [
  { path: '', page: homePage },
  { path: '/login', page: loginPage },
  { path: '/signup', page: signupPage },
  { path: '/destinations', page: destinationsPage },
  { path: '/destinations/new', page: newDestinationPage },
  { path: '/sources', page: sourcesPage },
  { path: '/sources/new', page: newSourcePage },
  { path: '/sources/:source/link-page', page: sourceLinkPage },
  { path: '/sources/:source/rate-budget', page: sourceRateBudgetPage },
  { path: '/sources/:source/webhook', page: sourceWebhookPage },
  { path: '/syncs', page: syncsPage },
  { path: '/syncs/new', page: newSyncPage },
  { path: '/syncs/:sync', redirect: (p) => `${BASE}/syncs/${encodeURIComponent(p.sync)}/overview` },
  { path: '/syncs/:sync/overview', page: syncOverviewPage },
  { path: '/syncs/:sync/collections', page: syncCollectionsPage },
  { path: '/syncs/:sync/collections/:resource', page: collectionPage },
  { path: '/syncs/:sync/accounts', page: syncAccountsPage },
  { path: '/credentials', page: credentialsPage },
  { path: '/webhooks', page: webhooksPage },
  { path: '/settings', page: settingsPage },
];

/** How often live pages ask for fresh numbers. */
const POLL_MS = 2000;

const root = document.getElementById('app');
const state = { session: null, environments: [] };
let pendingFlash = null;
let navigation = 0;
let cleanups = [];

function setSession(session) {
  state.session = session;
  setCsrfToken(session ? session.csrf_token : null);
}

async function reloadSession() {
  try {
    setSession(await api.get('/session'));
    state.environments = (await api.get('/environments')).data;
  } catch (failure) {
    if (failure instanceof ApiFailure && failure.status === 401) {
      setSession(null);
      state.environments = [];
      return;
    }
    throw failure;
  }
}

function runCleanups() {
  const list = cleanups;
  cleanups = [];
  for (const fn of list) fn();
}

/** Repeats `fn` every POLL_MS while the page is shown and the tab visible; never overlapping. */
function poll(fn, isActive) {
  let timer = null;
  let stopped = false;
  const tick = async () => {
    if (stopped || !isActive()) return;
    if (document.visibilityState === 'visible') {
      try {
        await fn();
      } catch {
        // The next round tries again; a session that ended redirects through the API module.
      }
    }
    if (!stopped && isActive()) timer = setTimeout(tick, POLL_MS);
  };
  timer = setTimeout(tick, POLL_MS);
  cleanups.push(() => {
    stopped = true;
    clearTimeout(timer);
  });
}

const app = {
  state,
  go: (href, options) => router.go(href, options),
  flash(kind, message) {
    pendingFlash = { kind, message };
  },
  reloadSession,
  loggedIn(session) {
    setSession(session);
  },
  loggedOut() {
    setSession(null);
    state.environments = [];
  },
};

function flashNode() {
  if (!pendingFlash) return null;
  const { kind, message } = pendingFlash;
  pendingFlash = null;
  return h('div', { class: `alert alert-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, message);
}

function errorNode(failure, retry) {
  const message = failure instanceof ApiFailure ? failure.message : 'Something went wrong while showing this page.';
  return h(
    'div',
    { class: 'card' },
    h('h1', { tabindex: '-1' }, failure instanceof ApiFailure && failure.status === 404 ? 'Not found' : 'This page could not be loaded'),
    h('div', { class: 'alert alert-error', role: 'alert' }, message),
    h('button', { type: 'button', class: 'btn btn-secondary', on: { click: retry } }, 'Try again'),
  );
}

async function onRoute({ route, params, query }) {
  const token = ++navigation;
  runCleanups();
  const here = location.pathname + location.search;
  if (route?.redirect) return router.replace(route.redirect(params));
  const page = route?.page ?? notFoundPage;
  if (!page.public && !state.session) {
    return router.replace(`${BASE}/login${here.startsWith(`${BASE}/login`) ? '' : `?next=${encodeURIComponent(here)}`}`);
  }
  if (page.public && state.session) return router.replace(`${BASE}/`);

  const main = h(
    'main',
    { id: 'main', class: page.public ? 'container auth' : 'container', tabindex: '-1' },
    h('p', { class: 'loading' }, 'Loading…'),
  );
  replace(root, page.public ? null : topBar(app, location.pathname), main);
  const ctx = {
    app,
    params,
    query,
    session: state.session,
    active: () => token === navigation,
    onCleanup: (fn) => cleanups.push(fn),
    poll: (fn) => poll(fn, () => token === navigation),
  };
  const flash = flashNode();
  try {
    const node = await page.render(ctx);
    if (token !== navigation) return;
    replace(main, flash, node);
  } catch (failure) {
    if (token !== navigation) return;
    replace(
      main,
      flash,
      errorNode(failure, () => void router.replace(here)),
    );
  }
  document.title = `${typeof page.title === 'function' ? page.title(ctx) : page.title} · datasync`;
  // Moving focus to the heading tells screen-reader users that a new page is shown.
  const heading = main.querySelector('h1');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }
  window.scrollTo(0, 0);
}

const router = createRouter(ROUTES, onRoute);

whenSessionLost(() => {
  if (!state.session) return;
  app.loggedOut();
  app.flash('warn', 'Your session ended. Log in again to continue.');
  void router.go(`${BASE}/login?next=${encodeURIComponent(location.pathname + location.search)}`);
});

/** The server marks the page when the browser sent no session cookie: asking would only get a 401. */
function surelySignedOut() {
  const hint = document.querySelector('meta[name="datasync-session"]');
  return hint !== null && hint.getAttribute('content') === 'none';
}

async function boot() {
  try {
    if (surelySignedOut()) setSession(null);
    else await reloadSession();
  } catch (failure) {
    replace(
      root,
      h(
        'main',
        { id: 'main', class: 'container' },
        errorNode(failure, () => location.reload()),
      ),
    );
    return;
  }
  await router.start();
}

void boot();
