import type { CookieOptions, Response } from 'express';

export const SESSION_COOKIE = 'datasync_session';

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

export function setSessionCookie(res: Response, token: string, settings: SessionCookieSettings): void {
  res.cookie(SESSION_COOKIE, token, { ...options(settings), maxAge: settings.maxAgeMs });
}

export function clearSessionCookie(res: Response, settings: SessionCookieSettings): void {
  res.clearCookie(SESSION_COOKIE, options(settings));
}
