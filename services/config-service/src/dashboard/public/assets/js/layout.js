import { ApiFailure, api } from './api.js';
import { h } from './dom.js';
import { BASE } from './router.js';

const SECTIONS = [
  { href: `${BASE}/syncs`, label: 'Syncs' },
  { href: `${BASE}/destinations`, label: 'Destinations' },
  { href: `${BASE}/sources`, label: 'Sources' },
  { href: `${BASE}/credentials`, label: 'API keys' },
  { href: `${BASE}/webhooks`, label: 'Webhooks' },
  { href: `${BASE}/settings`, label: 'Settings' },
];

/**
 * The top bar of a logged-in page: sections, the environment switcher (every object lives in
 * one environment, so switching shows another set), the user and logging out.
 */
export function topBar(app, pathname) {
  const { session, environments } = app.state;
  const current = session.environment.name;
  const switcher = h(
    'select',
    {
      id: 'environment-switcher',
      class: current === 'production' ? 'env-production' : undefined,
      on: {
        change: async (event) => {
          const select = event.currentTarget;
          select.disabled = true;
          try {
            await api.post('/environments/current', { environment: select.value });
            await app.reloadSession();
            app.flash('info', `You are now working in the ${select.value} environment.`);
            await app.go(`${BASE}/`);
          } catch (failure) {
            select.value = current;
            select.disabled = false;
            app.flash('error', failure instanceof ApiFailure ? failure.message : 'The environment could not be switched.');
            await app.go(location.pathname + location.search, { replace: true });
          }
        },
      },
    },
    (environments.length > 0 ? environments : [session.environment]).map((env) =>
      h('option', { value: env.name, selected: env.name === current }, env.name),
    ),
  );
  const logout = h(
    'button',
    {
      type: 'button',
      class: 'btn-link',
      on: {
        click: async () => {
          logout.disabled = true;
          try {
            await api.post('/logout');
          } catch (failure) {
            // A session that already ended is as good as logged out.
            if (!(failure instanceof ApiFailure) || failure.status !== 401) {
              logout.disabled = false;
              app.flash('error', failure.message);
              await app.go(location.pathname + location.search, { replace: true });
              return;
            }
          }
          app.loggedOut();
          app.flash('ok', 'You are logged out.');
          await app.go(`${BASE}/login`);
        },
      },
    },
    'Log out',
  );
  return h(
    'header',
    { class: 'topbar' },
    h(
      'div',
      { class: 'topbar-inner' },
      h('a', { class: 'brand', href: `${BASE}/` }, 'datasync'),
      h(
        'nav',
        { class: 'mainnav', 'aria-label': 'Main' },
        SECTIONS.map((s) => h('a', { href: s.href, 'aria-current': pathname.startsWith(s.href) ? 'page' : undefined }, s.label)),
      ),
      h(
        'div',
        { class: 'topbar-tools' },
        h('label', { for: 'environment-switcher' }, 'Environment'),
        switcher,
        h('span', { class: 'topbar-user' }, session.user.email),
        logout,
      ),
    ),
  );
}
