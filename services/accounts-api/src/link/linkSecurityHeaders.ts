import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { RenderedPage } from './pages/outcomePages';

/**
 * The dashboard's bar: no script at all (the page is plain forms), styles and images only from
 * here, no framing, no <base>, no plugins. form-action also governs where a form's answer may
 * redirect, so a page whose forms lead elsewhere names those origins: the provider's OAuth page
 * (the connect button's 303) and the integrator's return page (the key form's 303 on success).
 */
export function contentSecurityPolicy(formTargets: string[] = []): string {
  const origins = [...new Set(formTargets.map((url) => new URL(url).origin))];
  return [
    "default-src 'none'",
    "script-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action ${["'self'", ...origins].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Helmet's other headers, no referrer (a Link URL in a Referer header would hand its token to
 * the next site), nothing cached (pages carry the CSRF token), and the strict CSP by default.
 */
export function linkSecurityHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: true,
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
    }),
    (_req, res, next) => {
      res.setHeader('Content-Security-Policy', contentSecurityPolicy());
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
  ];
}

export function sendPage(res: Response, page: RenderedPage, formTargets: string[] = []): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(formTargets));
  res.status(page.status).type('html').send(page.html);
}
