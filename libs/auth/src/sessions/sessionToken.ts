import { createHash, createHmac, randomBytes } from 'node:crypto';
import { timingSafeEqualString } from '@datasync/crypto';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url: the cookie's value. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedSessionToken(token: string): boolean {
  return TOKEN.test(token);
}

/** What the sessions table stores: a database leak yields no usable cookie. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The CSRF token of a session (synchronizer pattern without storage): derived from the session
 * token, which only the httpOnly cookie carries, so another site can neither read nor compute
 * it, and it changes whenever the session does (login, logout).
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('datasync csrf v1').digest('base64url');
}

export function csrfTokenMatches(sessionToken: string, presented: string | undefined): boolean {
  return presented !== undefined && timingSafeEqualString(csrfTokenFor(sessionToken), presented);
}
