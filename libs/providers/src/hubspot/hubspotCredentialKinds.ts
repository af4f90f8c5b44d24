import Joi from 'joi';
import { InvalidCredentialError } from '../errors';
import type { CredentialKindSpec } from '../providerModule';
import type { HubspotCredential } from './hubspotCredentials';

/**
 * HubSpot's kinds as `accounts.credential_kind` stores them. Both keep a sealed secret: a static
 * token (a service key or a legacy private-app token, which never expire), or an app install's
 * refresh token with its latest access token, which HubSpot replaces every 30 minutes.
 */
export const hubspotCredentialKinds: readonly CredentialKindSpec[] = [
  { kind: 'access_token', sealed: true, refreshable: false },
  { kind: 'oauth_refresh_token', sealed: true, refreshable: true },
];

// Opaque tokens: HubSpot documents no format beyond "at most 300 characters" for OAuth tokens;
// service keys and private-app tokens read `pat-<region>-…`. No whitespace, no quotes.
const TOKEN = /^[A-Za-z0-9][A-Za-z0-9._~+/=-]{7,511}$/;
const REFRESH_TOKEN = /^[A-Za-z0-9][A-Za-z0-9._~-]{7,299}$/;
const PORTAL_ID = /^[1-9][0-9]{0,19}$/;

// No message repeats a value: a credential must never be echoed.
const ACCESS_TOKEN_RULE = 'must be a HubSpot service key or private-app access token (pat-…), copied whole';

/** `credential` of POST /accounts for `sourceType: "hubspot"`: a static token of the portal. */
export const hubspotAccessTokenSchema = Joi.string()
  .pattern(TOKEN)
  .messages({
    'string.pattern.base': `{#label} ${ACCESS_TOKEN_RULE}`,
    'string.empty': `{#label} ${ACCESS_TOKEN_RULE}`,
    'string.base': `{#label} ${ACCESS_TOKEN_RULE}`,
  })
  .description('hubspot: a service key or a legacy private-app access token (pat-…) of the portal; stored encrypted, never returned');

/** `credentials.accountId` of POST /sources/{sourceName}/accounts: the portal (hub) id. */
export const hubspotPortalIdSchema = Joi.string()
  .pattern(PORTAL_ID)
  .messages({ 'string.pattern.base': '{#label} must be a HubSpot portal id (digits only, as the account settings show it)' })
  .description("the id of the HubSpot portal (hub id) that installed the source's app");

/** `credentials.refreshToken`: the install's refresh token, as the app's own token exchange answered it. */
export const hubspotRefreshTokenSchema = Joi.string()
  .pattern(REFRESH_TOKEN)
  .messages({
    'string.pattern.base': '{#label} must be the refresh token HubSpot answered for the install (at most 300 letters, digits and dashes)',
    'string.empty': '{#label} must not be empty',
  })
  .description("the install's OAuth refresh token; stored encrypted, never returned");

/**
 * What an install's sealed secret holds: the refresh token, and the access token last issued
 * (with its expiry, ms) so that each job does not exchange a new one. Both are secrets, so both
 * are sealed; the expiry is also kept in `credential_expires_at` for the refresh schedule.
 */
interface InstallEnvelope {
  refresh_token: string;
  access_token?: string;
  expires_at?: number;
}

export function hubspotSecretOf(credential: HubspotCredential): string {
  if (credential.kind === 'access_token') return credential.token;
  const envelope: InstallEnvelope = { refresh_token: credential.refreshToken };
  if (credential.accessToken) {
    envelope.access_token = credential.accessToken.token;
    envelope.expires_at = credential.accessToken.expiresAt;
  }
  return JSON.stringify(envelope);
}

/** The credential again from an account row's kind and opened secret. Errors never quote the secret. */
export function hubspotCredentialFromStored(kind: string, secret: string | null): HubspotCredential {
  if (kind !== 'access_token' && kind !== 'oauth_refresh_token') throw new Error(`hubspot has no credential kind "${kind}"`);
  if (secret === null) throw new Error(`an account with a hubspot ${kind} credential has no stored secret`);
  if (kind === 'access_token') return { kind, token: secret };
  let envelope: Partial<InstallEnvelope> | null;
  try {
    envelope = JSON.parse(secret) as Partial<InstallEnvelope> | null;
  } catch {
    envelope = null;
  }
  if (typeof envelope?.refresh_token !== 'string') {
    throw new InvalidCredentialError('the stored HubSpot install credential is not readable (no refresh token): install the app again');
  }
  const { access_token: token, expires_at: expiresAt } = envelope;
  return {
    kind,
    refreshToken: envelope.refresh_token,
    ...(typeof token === 'string' && typeof expiresAt === 'number' ? { accessToken: { token, expiresAt } } : {}),
  };
}
