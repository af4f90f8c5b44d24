// History-API routing for /dashboard/… paths: links inside the dashboard change the page
// without a reload, the back button works, and every page has its own URL to bookmark.

export const BASE = '/dashboard';

/** '/syncs/:sync/collections/:resource' → a matcher returning params, or null. */
function compile(pattern) {
  const names = [];
  const source = pattern.replace(/:([a-z]+)/g, (_m, name) => {
    names.push(name);
    return '([^/]+)';
  });
  const regex = new RegExp(`^${BASE}${source}/?$`);
  return (pathname) => {
    const match = regex.exec(pathname);
    if (!match) return null;
    const params = {};
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1]);
    });
    return params;
  };
}

export function createRouter(routes, onRoute) {
  const compiled = routes.map((route) => ({ ...route, match: compile(route.path) }));

  function resolve(url) {
    for (const route of compiled) {
      const params = route.match(url.pathname);
      if (params) return { route, params, query: url.searchParams };
    }
    return { route: null, params: {}, query: url.searchParams };
  }

  function go(href, { replace = false } = {}) {
    const url = new URL(href, location.origin);
    if (replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    return onRoute(resolve(url));
  }

  // Same-origin links into the dashboard are routed here; anything else (help page, new tab,
  // modified clicks, downloads) is left to the browser.
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!anchor || anchor.target || anchor.hasAttribute('download') || anchor.dataset.external !== undefined) return;
    const url = new URL(anchor.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(BASE) || url.pathname.startsWith(`${BASE}/help/`)) return;
    event.preventDefault();
    void go(url.pathname + url.search);
  });
  window.addEventListener('popstate', () => void onRoute(resolve(new URL(location.href))));

  return {
    go,
    replace: (href) => go(href, { replace: true }),
    start: () => onRoute(resolve(new URL(location.href))),
  };
}
