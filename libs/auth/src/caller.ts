import type { Response } from 'express';
import { AuthenticationError } from '@datasync/errors';

/**
 * What a client credential may do: `accounts` is the Accounts API only (what the spec's Basic
 * auth is for, and every credential's default); `admin` also administers the environment in
 * config-service (keys, destinations, sources, syncs), like a dashboard session.
 */
export const CREDENTIAL_SCOPES = ['accounts', 'admin'] as const;
export type CredentialScope = (typeof CREDENTIAL_SCOPES)[number];

/**
 * Who is calling, as established by authentication. Every query downstream is scoped to
 * `environmentId`. `provider`: no person or credential of ours, but the provider itself through a
 * verified webhook delivery into source `sourceId` (its Connect lifecycle events), so the audit
 * log names the provider and its event rather than a borrowed credential.
 */
export type Caller =
  | { kind: 'client'; environmentId: string; organizationId: string; clientId: string; scope: CredentialScope }
  | { kind: 'session'; environmentId: string; organizationId: string; userId: string; sessionId: string }
  | { kind: 'provider'; environmentId: string; organizationId: string; sourceId: string; eventId: string };

/** The caller that an authentication middleware put on `res.locals.caller`. */
export function callerOf(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  // A route mounted without authentication must fail closed, not act for nobody.
  if (!caller) throw new AuthenticationError();
  return caller;
}

/** The caller of a session-only route. */
export function sessionCallerOf(res: Response): Extract<Caller, { kind: 'session' }> {
  const caller = callerOf(res);
  if (caller.kind !== 'session') throw new AuthenticationError('This call needs a dashboard session; log in first.');
  return caller;
}

/** How the audit log names the caller: `user:<id>`, `client:<client_id>` or `provider:<source id>`. */
export function actorOf(caller: Caller): string {
  switch (caller.kind) {
    case 'session':
      return `user:${caller.userId}`;
    case 'client':
      return `client:${caller.clientId}`;
    case 'provider':
      return `provider:${caller.sourceId}`;
  }
}

/** What an audit record adds about its caller: the provider's event, for a change the provider started. */
export function callerDetails(caller: Caller): Record<string, string> {
  return caller.kind === 'provider' ? { provider_event: caller.eventId } : {};
}
