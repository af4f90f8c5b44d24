import type { CookieOptions, Response } from 'express';

export const SESSION_COOKIE = 'datasync_session';
// The __Host- prefix makes browsers accept the cookie only when Secure, with Path=/ and no
// Domain: a sibling subdomain (or a plain-HTTP page on the network) cannot plant or overwrite a
// session. It needs HTTPS, so only where cookies are Secure (production).
const HOST_PREFIXED_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The value of cookie `name` in a Cookie header, or undefined. Malformed pairs are skipped. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    return value;
  }
  return undefined;
}

export interface SessionCookieSettings {
  /** Secure cookies (HTTPS only): on in production. */
  secure: boolean;
  maxAgeMs: number;
}

function options(settings: SessionCookieSettings): CookieOptions {
  // Lax: sent on top-level navigation (links into the dashboard work) but not on cross-site
  // POSTs or fetches; CSRF tokens cover what Lax does not.
  return { httpOnly: true, sameSite: 'lax', secure: settings.secure, path: '/' };
}

/** `__Host-datasync_session` where cookies are Secure (production), `datasync_session` elsewhere. */
export function sessionCookieName(settings: Pick<SessionCookieSettings, 'secure'>): string {
  return settings.secure ? HOST_PREFIXED_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session token of a Cookie header, under this deployment's cookie name. */
export function readSessionCookie(header: string | undefined, settings: Pick<SessionCookieSettings, 'secure'>): string | undefined {
  return readCookie(header, sessionCookieName(settings));
}

export function setSessionCookie(res: Response, token: string, settings: SessionCookieSettings): void {
  res.cookie(sessionCookieName(settings), token, { ...options(settings), maxAge: settings.maxAgeMs });
}

export function clearSessionCookie(res: Response, settings: SessionCookieSettings): void {
  res.clearCookie(sessionCookieName(settings), options(settings));
}
