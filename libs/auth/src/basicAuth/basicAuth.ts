import type { RequestHandler } from 'express';
import { AuthenticationError } from '@datasync/errors';
import type { ClientCaller, ClientCredentialsService } from '../clientCredentials/clientCredentials.service';
import { parseBasicAuth } from './parseBasicAuth';
import { VerifiedCache } from './verifiedCache';

const MESSAGES = {
  missing: 'Missing Authorization header. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).',
  not_basic: 'Unsupported authorization scheme. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).',
  malformed: 'Malformed Authorization header. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET), UTF-8, id and secret separated by a colon.',
  invalid: 'Invalid client credentials: the client id is unknown or revoked, or the secret is wrong.',
} as const;

export interface BasicAuthenticator {
  /** The caller for this Authorization header; throws AuthenticationError (401, WWW-Authenticate). */
  authenticate(header: string | undefined): Promise<ClientCaller>;
  middleware: RequestHandler;
}

/**
 * HTTP Basic authentication with an environment's client credentials (spec §5). Sets
 * `res.locals.caller = { kind: 'client', environmentId, organizationId, clientId }`.
 * `cacheMs` (default 0) keeps successful checks that long; keep it to a few seconds at most,
 * since it is how long a credential revoked in another process may keep working.
 */
export function createBasicAuth(credentials: ClientCredentialsService, options: { cacheMs?: number } = {}): BasicAuthenticator {
  const cache = new VerifiedCache<ClientCaller>(options.cacheMs ?? 0);
  credentials.onRevoke((clientId) => cache.forget(clientId));

  const authenticate = async (header: string | undefined): Promise<ClientCaller> => {
    const parsed = parseBasicAuth(header);
    if (!parsed.ok) throw new AuthenticationError(MESSAGES[parsed.problem]);
    const cached = cache.get(header as string);
    if (cached) return cached;
    const caller = await credentials.verify(parsed.clientId, parsed.clientSecret);
    if (!caller) throw new AuthenticationError(MESSAGES.invalid);
    cache.set(header as string, caller);
    return caller;
  };

  return {
    authenticate,
    middleware: async (req, res, next) => {
      res.locals.caller = await authenticate(req.headers.authorization);
      next();
    },
  };
}
