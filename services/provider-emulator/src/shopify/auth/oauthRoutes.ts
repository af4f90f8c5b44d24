import { createHmac, randomBytes } from 'node:crypto';
import express, { type Router } from 'express';
import { escapeHtml } from '../../kit';
import { requestShop } from '../http/shopDomain';
import { shopifyErrors, ShopifyHttpError } from '../http/shopifyHttpError';
import type { ShopifyState } from '../shop/shopifyState';

/** Authorization codes are single use and short lived (the emulator's model: 10 minutes). */
const CODE_LIFETIME_MS = 10 * 60_000;

interface PendingCode {
  shop: string;
  clientId: string;
  scope: string;
  expiresAt: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Shopify signs the redirect's query (sorted `key=value&…`, no `hmac`) with the client secret, hex. */
export function redirectHmac(params: URLSearchParams, secret: string): string {
  const message = [...params.entries()]
    .filter(([key]) => key !== 'hmac')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

function consentPage(shop: string, fields: Record<string, string>): string {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><html><head><title>Install app</title></head><body>
<h1>Install app on ${escapeHtml(shop)}</h1><p>Requested access: ${escapeHtml(fields.scope ?? '')}</p>
<form method="post">${hidden}<button name="decision" value="approve">Install</button>
<button name="decision" value="deny">Cancel</button></form></body></html>`;
}

/**
 * OAuth on the shop's domain: `GET /admin/oauth/authorize` (the consent page), its form's POST
 * (redirect with `code`, `shop`, `state`, `timestamp`, `hmac`), and `POST /admin/oauth/access_token`
 * for `code` (with `expiring=1` for 60-minute tokens and a refresh token) or
 * `grant_type=refresh_token` (a new pair each time).
 */
export function oauthRoutes(state: ShopifyState): Router {
  const router = express.Router();
  const codes = new Map<string, PendingCode>();
  router.use('/admin/oauth', express.urlencoded({ extended: false, limit: '20kb' }), express.json({ limit: '20kb' }));

  const appOf = (clientId: string) => {
    const app = state.apps.get(clientId);
    if (!app) throw shopifyErrors.badRequest('Oauth error invalid_request: The client_id is invalid');
    return app;
  };

  router.get('/admin/oauth/authorize', (req, res) => {
    const shop = requestShop(res);
    appOf(text(req.query.client_id));
    const fields = {
      client_id: text(req.query.client_id),
      scope: text(req.query.scope),
      redirect_uri: text(req.query.redirect_uri),
      state: text(req.query.state),
    };
    if (!/^https?:\/\//.test(fields.redirect_uri))
      throw shopifyErrors.badRequest('Oauth error invalid_request: The redirect_uri is missing or not whitelisted');
    res.type('html').send(consentPage(shop.spec.domain, fields));
  });

  router.post('/admin/oauth/authorize', (req, res) => {
    const shop = requestShop(res);
    const body = req.body as Record<string, unknown>;
    const app = appOf(text(body.client_id));
    const redirect = new URL(text(body.redirect_uri));
    if (text(body.decision) !== 'approve') {
      redirect.searchParams.set('error', 'access_denied');
      return res.redirect(303, redirect.toString());
    }
    const code = randomBytes(16).toString('hex');
    codes.set(code, { shop: shop.spec.domain, clientId: app.clientId, scope: text(body.scope), expiresAt: shop.now() + CODE_LIFETIME_MS });
    const params = new URLSearchParams({
      code,
      shop: shop.spec.domain,
      state: text(body.state),
      timestamp: String(Math.floor(shop.now() / 1000)),
    });
    params.set('hmac', redirectHmac(params, app.clientSecret));
    for (const [key, value] of params) redirect.searchParams.set(key, value);
    res.redirect(303, redirect.toString());
  });

  router.post('/admin/oauth/access_token', (req, res) => {
    const shop = requestShop(res);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const app = state.apps.get(text(body.client_id));
    if (!app || app.clientSecret !== text(body.client_secret))
      throw new ShopifyHttpError(400, { error: 'invalid_client', error_description: 'Client authentication failed.' });
    if (text(body.grant_type) === 'refresh_token') {
      const issued = state.tokens.refresh(text(body.refresh_token), app.clientId, shop.now());
      if (!issued)
        throw new ShopifyHttpError(400, {
          error: 'invalid_grant',
          error_description: 'The refresh token is invalid, expired or already replaced.',
        });
      return res.json(issued);
    }
    const pending = codes.get(text(body.code));
    codes.delete(text(body.code));
    if (!pending || pending.clientId !== app.clientId || pending.shop !== shop.spec.domain || pending.expiresAt <= shop.now())
      throw new ShopifyHttpError(400, {
        error: 'invalid_request',
        error_description: 'The authorization code was not found or was already used',
      });
    app.installs.add(shop.spec.domain);
    const expiring = text(body.expiring) === '1' || body.expiring === 1;
    res.json(state.tokens.issue({ shop: shop.spec.domain, clientId: app.clientId, scope: pending.scope }, shop.now(), expiring));
  });
  return router;
}
