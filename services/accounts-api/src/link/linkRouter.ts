import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Router } from 'express';
import { toApiError } from '@datasync/errors';
import { linkSecurityHeaders, sendPage } from './linkSecurityHeaders';
import { failurePage, notFoundPage } from './pages/outcomePages';
import { getLinkFavicon, getLinkStylesheet } from './routes/getLinkAssets';
import { getLinkPage } from './routes/getLinkPage';
import { getOAuthCallback } from './routes/getOAuthCallback';
import type { LinkRouteDeps } from './routes/linkRouteDeps';
import { postLinkConnect } from './routes/postLinkConnect';
import { postLinkKey } from './routes/postLinkKey';

/**
 * The hosted Link page under /link: HTML for people, so every answer (a refusal, an unknown
 * path, a failure) is a page, never the API's JSON. Mounted before the JSON API.
 */
export function linkRouter(deps: LinkRouteDeps): Router {
  const router = express.Router();
  router.use(linkSecurityHeaders());
  // The page's forms are plain urlencoded posts; a key and a CSRF token fit easily in 8 kB.
  router.use(express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 10 }));
  router.get('/assets/link.css', getLinkStylesheet);
  router.get('/assets/favicon.svg', getLinkFavicon);
  router.get('/oauth/callback', getOAuthCallback(deps));
  router.get('/:token', getLinkPage(deps));
  router.post('/:token/connect', postLinkConnect(deps));
  router.post('/:token/key', postLinkKey(deps));
  router.use((_req, res) => sendPage(res, notFoundPage()));

  const onError: ErrorRequestHandler = (err, _req, res, next) => {
    if (res.headersSent) return next(err);
    const known = toApiError(err);
    if (known && known.status < 500) return sendPage(res, failurePage(known.status, known.code));
    // The path holds the link token: it is not logged here (the request log masks it).
    const errorId = `err_${randomUUID().replace(/-/g, '')}`;
    if (known) deps.logger.warn('link page unavailable', { err, error_id: errorId, status: known.status });
    else deps.logger.error('link page failed', { err, error_id: errorId });
    sendPage(res, failurePage(known?.status ?? 500, errorId));
  };
  router.use(onError);
  return router;
}
