import type { RequestHandler } from 'express';
import { AuthenticationError } from '@datasync/errors';
import { clientAddress } from '@datasync/http';
import type { ClientCaller, ClientCredentialsService } from '../clientCredentials/clientCredentials.service';
import type { AttemptLimiter } from '../limits/attemptLimiter';
import { parseBasicAuth } from './parseBasicAuth';
import { VerifiedCache } from './verifiedCache';

const MESSAGES = {
  missing: 'Missing Authorization header. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).',
  not_basic: 'Unsupported authorization scheme. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).',
  malformed:
    'Malformed Authorization header. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET), UTF-8, id and secret separated by a colon.',
  invalid: 'Invalid client credentials: the client id is unknown or revoked, or the secret is wrong.',
} as const;

// Failures that name no active client id are counted together per address: guessing ids is
// pointless, and a fresh id per guess must not mean a fresh allowance.
const NO_CLIENT = '-';

export interface BasicAuthenticator {
  /**
   * The caller for this Authorization header; throws AuthenticationError (401, WWW-Authenticate),
   * or a 429 once the client id has failed too often from `address`. `alongside` runs with the
   * last limit check (the Accounts API spends the client's rate there: one Redis round trip).
   */
  authenticate(header: string | undefined, address?: string, alongside?: (caller: ClientCaller) => Promise<void>): Promise<ClientCaller>;
  middleware: RequestHandler;
}

/**
 * HTTP Basic authentication with an environment's client credentials (spec §5). Sets
 * `res.locals.caller = { kind: 'client', environmentId, organizationId, clientId, scope }`.
 * `cacheMs` (default 0) keeps successful checks that long; keep it to a few seconds at most,
 * since it is how long a credential revoked in another process may keep working.
 *
 * `failures` limits failed attempts per (client address, client id presented): someone guessing
 * a secret is stopped, and its answers stop telling right from wrong, while the same client id
 * from its owner's address, or another client behind the same load balancer, is never refused
 * for it. Both services use the same limiter in Redis, so neither is a way around the other.
 */
export function createBasicAuth(
  credentials: ClientCredentialsService,
  options: { cacheMs?: number; failures?: AttemptLimiter } = {},
): BasicAuthenticator {
  const cache = new VerifiedCache<ClientCaller>(options.cacheMs ?? 0);
  const failures = options.failures;
  credentials.onRevoke((clientId) => cache.forget(clientId));
  const subject = (address: string, clientId: string) => `${address} ${clientId}`;

  const authenticate = async (
    header: string | undefined,
    address = 'unknown',
    alongside?: (caller: ClientCaller) => Promise<void>,
  ): Promise<ClientCaller> => {
    const parsed = parseBasicAuth(header);
    if (!parsed.ok) {
      // Sending nothing is how a client learns it must authenticate, not a guess.
      if (parsed.problem !== 'missing') await failures?.record(subject(address, NO_CLIENT));
      throw new AuthenticationError(MESSAGES[parsed.problem]);
    }
    const pair = subject(address, parsed.clientId);
    failures?.refuseRemembered(pair);
    let caller = cache.get(header as string);
    if (!caller) {
      const result = await credentials.check(parsed.clientId, parsed.clientSecret);
      if (!result.ok) {
        await failures?.record(result.knownClient ? pair : subject(address, NO_CLIENT));
        throw new AuthenticationError(MESSAGES.invalid);
      }
      caller = result.caller;
      cache.set(header as string, caller);
    }
    // A right secret after too many wrong ones from here is refused too: otherwise the answers
    // would still tell a guesser when it is right.
    await Promise.all([failures?.check(pair), alongside?.(caller)]);
    return caller;
  };

  return {
    authenticate,
    middleware: async (req, res, next) => {
      res.locals.caller = await authenticate(req.headers.authorization, clientAddress(req));
      next();
    },
  };
}
