import { createHash, createHmac, randomBytes } from 'node:crypto';
import { timingSafeEqualString } from '@datasync/crypto';

// `lnk_` + 48 hex characters (192 random bits). The logger masks every `lnk_…` value it sees, so
// a Link URL that reaches a log line (the request log prints paths) shows no usable token.
const TOKEN = /^lnk_[0-9a-f]{48}$/;
const STATE = /^[A-Za-z0-9_-]{43}$/;

export function generateLinkToken(): string {
  return `lnk_${randomBytes(24).toString('hex')}`;
}

export function isWellFormedLinkToken(token: string): boolean {
  return TOKEN.test(token);
}

/** What link_sessions stores: a copy of the table opens no link. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The CSRF token of the page's forms, derived from the link token (synchronizer pattern without
 * storage): only someone who holds the link can compute it, and it belongs to that session alone.
 */
export function linkCsrfToken(linkToken: string): string {
  return createHmac('sha256', linkToken).update('datasync link csrf v1').digest('base64url');
}

export function linkCsrfMatches(linkToken: string, presented: unknown): boolean {
  return typeof presented === 'string' && timingSafeEqualString(linkCsrfToken(linkToken), presented);
}

/** The OAuth `state` of one connect attempt: random, stored hashed on the session. */
export function generateOAuthState(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedOAuthState(state: unknown): state is string {
  return typeof state === 'string' && STATE.test(state);
}

export function hashOAuthState(state: string): string {
  return createHash('sha256').update(`oauth-state:${state}`).digest('hex');
}
