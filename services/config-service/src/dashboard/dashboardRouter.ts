import path from 'node:path';
import express, { type Router } from 'express';
import { dashboardCatalog } from './catalog';
import { publicRoot } from './publicRoot';
import { securityHeaders } from './securityHeaders';
import { hasSessionCookie, htmlShells } from './sessionHint';

export const DASHBOARD_BASE = '/dashboard';

/**
 * The dashboard: one HTML shell for every page path (a small single-page app in plain
 * JavaScript modules that talks to /api/v1), its static assets, the catalog its dropdowns
 * offer, and the help pages on database users and access keys. Nothing here reads a session:
 * every page is the same public file (marked when the browser sent no session cookie at all, so
 * the app need not ask), and the data comes through the authenticated API.
 */
export function dashboardRouter(): Router {
  const root = publicRoot();
  const catalog = dashboardCatalog();
  const shells = htmlShells(path.join(root, 'index.html'));
  const pages = express.Router();
  pages.use(securityHeaders());
  // Files change with deploys, not with users: revalidate, never serve stale code.
  pages.use('/assets', express.static(path.join(root, 'assets'), { index: false, fallthrough: true, cacheControl: true, maxAge: 0 }));
  pages.get('/catalog.json', (_req, res) => {
    res.json(catalog);
  });
  // The destination form's side panels link here: the least privileges each kind of engine needs.
  for (const help of ['database-user', 's3-access-key']) {
    pages.get(`/help/${help}`, (_req, res) => {
      res.sendFile(path.join(root, 'help', `${help}.html`));
    });
  }
  // Every other page path is the app's; a missing asset stays a 404.
  pages.get(['/', '/*page'], (req, res, next) => {
    if (req.path.startsWith('/assets/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // The page depends on the cookie: a cache must not serve one browser's version to another.
    res.setHeader('Vary', 'Cookie');
    res.type('html').send(hasSessionCookie(req) ? shells.withSession : shells.withoutSession);
  });

  const router = express.Router();
  router.get('/', (_req, res) => {
    res.redirect(302, `${DASHBOARD_BASE}/`);
  });
  router.use(DASHBOARD_BASE, pages);
  return router;
}
