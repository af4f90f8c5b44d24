import { ProviderRequestError, ProviderRetriesExhaustedError, ProviderUnreachableError } from '../errors';
import type { HubspotClient } from './hubspotClient';

/** What verifying a HubSpot credential tells: the portal (the account's external id) and its calendar. */
export interface HubspotAccount {
  /** The portal id (hub id), as text: the account's external id. */
  externalId: string;
  /** HubSpot has no account name in its API; the portal is named by its id and domain. */
  name: string;
  /** IANA zone: the daily limit resets at its midnight. */
  timeZone: string;
  accountType: string | null;
  /** HubSpot has no live/test mode (sandboxes are portals of their own). */
  mode: undefined;
}

interface AccountDetails {
  portalId?: unknown;
  timeZone?: unknown;
  accountType?: unknown;
  uiDomain?: unknown;
}

/**
 * `GET /account-info/v3/details` with the credential's token: a service key, a legacy private-app
 * token or an install's access token all answer for their portal. Refusals come typed from the
 * client (InvalidCredentialError on 401, InsufficientPermissionError on 403); whatever outlasts
 * the retries means HubSpot could not be asked, not that the credential is bad.
 */
export async function verifyHubspotAccount(client: HubspotClient): Promise<HubspotAccount> {
  let details: AccountDetails;
  try {
    ({ body: details } = await client.get<AccountDetails>('/account-info/v3/details'));
  } catch (err) {
    if (err instanceof ProviderRetriesExhaustedError && !(err instanceof ProviderUnreachableError)) {
      throw new ProviderUnreachableError(err.attempts, err.lastError);
    }
    throw err;
  }
  const portalId = details.portalId;
  if ((typeof portalId !== 'number' && typeof portalId !== 'string') || !/^\d+$/.test(String(portalId))) {
    throw new ProviderRequestError('HubSpot answered the account details without a portal id', 'unexpected_response', 200);
  }
  const domain = typeof details.uiDomain === 'string' ? details.uiDomain : 'app.hubspot.com';
  return {
    externalId: String(portalId),
    name: `HubSpot portal ${String(portalId)} (${domain})`,
    timeZone: typeof details.timeZone === 'string' ? details.timeZone : 'UTC',
    accountType: typeof details.accountType === 'string' ? details.accountType : null,
    mode: undefined,
  };
}
