import type Stripe from 'stripe';
import { isPlainObject } from '../kit/json';
import { apiKeyOf } from '../http/authenticate';
import { OAuthError } from '../http/oauthError';
import { maskKey } from '../http/stripeErrors';
import type { EmulatorAccount } from '../state/account';
import type { EmulatorState } from '../state/emulatorState';
import { appendApplicationEvent } from './applicationEvents';
import type { AuthorizationCodes } from './authorizationCodes';

/** A broken authorize request: shown to the user as a page, never redirected (the redirect target is not trusted yet). */
export class AuthorizeRequestError extends Error {}

export interface AuthorizeRequest {
  platform: EmulatorAccount;
  redirectUri: string;
  state: string;
  scope: string;
}

function text(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' ? value : undefined;
}

/** Validates `client_id`, `redirect_uri` (absolute http/https), `scope` and `response_type` of an authorize request. */
export function authorizeRequest(state: EmulatorState, input: unknown): AuthorizeRequest {
  const fields = isPlainObject(input) ? input : {};
  const clientId = text(fields, 'client_id');
  const platform = clientId ? state.byClientId(clientId) : undefined;
  if (!platform) throw new AuthorizeRequestError(`No application matches the client_id ${JSON.stringify(clientId ?? '')}.`);
  const redirectUri = text(fields, 'redirect_uri') ?? '';
  let parsed: URL | undefined;
  try {
    parsed = new URL(redirectUri);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new AuthorizeRequestError('redirect_uri must be an absolute http or https URL.');
  }
  const responseType = text(fields, 'response_type');
  if (responseType !== undefined && responseType !== 'code') throw new AuthorizeRequestError('response_type must be "code".');
  const scope = text(fields, 'scope') ?? 'read_write';
  if (scope !== 'read_only' && scope !== 'read_write') throw new AuthorizeRequestError('scope must be read_only or read_write.');
  return { platform, redirectUri, state: text(fields, 'state') ?? '', scope };
}

function redirectWith(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== '') url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The user's answer on the consent page. Approve connects the chosen account (or a new one) to
 * the app and redirects with a single-use `code`; Deny redirects with `error=access_denied`.
 */
export function decide(state: EmulatorState, codes: AuthorizationCodes, input: unknown): string {
  const request = authorizeRequest(state, input);
  const fields = isPlainObject(input) ? input : {};
  if (text(fields, 'decision') !== 'approve') {
    return redirectWith(request.redirectUri, {
      error: 'access_denied',
      error_description: 'The user denied your request',
      state: request.state,
    });
  }
  const chosen = text(fields, 'account');
  let account: EmulatorAccount;
  if (chosen) {
    const existing = state.account(chosen);
    if (!existing || existing === request.platform)
      throw new AuthorizeRequestError(`No account ${JSON.stringify(chosen)} can be connected.`);
    if (existing.connectedTo && existing.connectedTo !== request.platform.id) {
      throw new AuthorizeRequestError(`Account ${chosen} is already connected to another application.`);
    }
    existing.connectedTo = request.platform.id;
    account = existing;
  } else {
    account = state.createAccount({ connectedTo: request.platform.id });
  }
  const code = codes.issue(request.platform.id, account.id, request.scope);
  return redirectWith(request.redirectUri, { code, scope: request.scope, state: request.state });
}

/** The platform whose secret key authenticates an OAuth call (Bearer, or `client_secret`). */
function platformOf(state: EmulatorState, authorization: string | undefined, fields: Record<string, unknown>): EmulatorAccount {
  const key = apiKeyOf(authorization) ?? text(fields, 'client_secret');
  if (!key) throw new OAuthError(401, 'invalid_client', 'No API key provided. Authenticate with your secret key as a Bearer token.');
  const owner = state.byApiKey(key);
  if (!owner || owner.kind !== 'secret') throw new OAuthError(401, 'invalid_client', `Invalid API key provided: ${maskKey(key)}`);
  return owner.account;
}

/** `POST /oauth/token`: exchanges an authorization code for the connected account's id. */
export function exchangeCode(
  state: EmulatorState,
  codes: AuthorizationCodes,
  authorization: string | undefined,
  input: unknown,
): Stripe.OAuthToken {
  const fields = isPlainObject(input) ? input : {};
  const platform = platformOf(state, authorization, fields);
  const grantType = text(fields, 'grant_type');
  if (grantType !== 'authorization_code')
    throw new OAuthError(400, 'unsupported_grant_type', `Unsupported grant type: ${grantType ?? '(none)'}`);
  const code = text(fields, 'code');
  if (!code) throw new OAuthError(400, 'invalid_request', 'No authorization code provided.');
  const grant = codes.find(code);
  if (!grant) throw new OAuthError(400, 'invalid_grant', `Authorization code does not exist: ${code}`);
  if (grant.platformId !== platform.id)
    throw new OAuthError(400, 'invalid_grant', `Authorization code provided does not belong to you: ${code}`);
  if (grant.used) throw new OAuthError(400, 'invalid_grant', `Authorization code already used: ${code}`);
  if (codes.isExpired(grant)) throw new OAuthError(400, 'invalid_grant', `Authorization code expired: ${code}`);
  grant.used = true;
  const account = state.account(grant.accountId);
  if (!account || account.connectedTo !== platform.id)
    throw new OAuthError(400, 'invalid_grant', 'The account is no longer connected to your application.');
  // The connection is complete once the code is exchanged: then the platform hears of it.
  appendApplicationEvent(account, platform, true);
  return {
    livemode: false,
    scope: grant.scope,
    stripe_publishable_key: account.keys.publishable,
    stripe_user_id: account.id,
    token_type: 'bearer',
  };
}

/** `POST /oauth/deauthorize`: disconnects an account from the app; its Stripe-Account calls then get 403. */
export function deauthorize(state: EmulatorState, authorization: string | undefined, input: unknown): Stripe.OAuthDeauthorization {
  const fields = isPlainObject(input) ? input : {};
  const platform = platformOf(state, authorization, fields);
  if (text(fields, 'client_id') !== platform.keys.clientId)
    throw new OAuthError(400, 'invalid_client', 'client_id does not belong to the key used.');
  const accountId = text(fields, 'stripe_user_id') ?? '';
  const account = state.account(accountId);
  if (!account || account.connectedTo !== platform.id) {
    throw new OAuthError(400, 'invalid_client', `Stripe account ${accountId} is not connected to your platform.`);
  }
  // Appended while the account is still connected, so the platform's Connect endpoints receive it.
  appendApplicationEvent(account, platform, false);
  account.connectedTo = undefined;
  return { stripe_user_id: account.id };
}
