import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The dashboard's policy (dashboard/securityHeaders.ts) loosened only where bull-board's page
 * needs it: its <base href> and inline style attributes. Scripts stay this origin's files only;
 * fonts too (bull-board's web fonts are taken out of its page, noRemoteFonts.ts: the system font
 * is used).
 */
export function opsHeaders(): RequestHandler {
  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: true,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  return (req, res, next) => {
    // What the page shows depends on who asks: no shared cache may keep it.
    res.setHeader('Cache-Control', 'no-store');
    policy(req, res, next);
  };
}
