import { readFileSync } from 'node:fs';
import type { Request } from 'express';
import { SESSION_COOKIE, readCookie } from '@datasync/auth';

/** Either name the session cookie has (`__Host-` where cookies are Secure). */
const SESSION_COOKIE_NAMES = [SESSION_COOKIE, `__Host-${SESSION_COOKIE}`];

/** Whether the request carries a session cookie at all; whether it is still valid only the API knows. */
export function hasSessionCookie(req: Request): boolean {
  return SESSION_COOKIE_NAMES.some((name) => readCookie(req.headers.cookie, name) !== undefined);
}

/**
 * The HTML shell in two versions: as is, and marked "no session" for a browser that sent no
 * session cookie. A signed-out visit then goes straight to the login page instead of asking
 * GET /session, whose 401 the browser would log as a console error.
 */
export function htmlShells(file: string): { withSession: string; withoutSession: string } {
  const html = readFileSync(file, 'utf8');
  const marker = '<meta name="datasync-session" content="none">';
  if (!html.includes('</head>')) throw new Error(`${file} has no </head>`);
  return { withSession: html, withoutSession: html.replace('</head>', `  ${marker}\n  </head>`) };
}
