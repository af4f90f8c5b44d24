import type { InboundBatchScheme } from '../inboundWebhook';
import type { ProviderModule } from '../providerModule';
import {
  hubspotAccessTokenSchema,
  hubspotCredentialFromStored,
  hubspotCredentialKinds,
  hubspotPortalIdSchema,
  hubspotRefreshTokenSchema,
  hubspotSecretOf,
} from './hubspotCredentialKinds';
import type { HubspotCredential } from './hubspotCredentials';
import { HUBSPOT_API_BASE_URL, hubspotOAuthConnect } from './hubspotOAuthConnect';
import { hubspotRefreshableTokens } from './hubspotRefreshableTokens';
import { hubspotWebhooks } from './hubspotWebhooks';

/**
 * HubSpot's module: its webhooks come in signed batches (InboundBatchScheme), which the
 * webhook route does not take yet; everything else is the common contract.
 */
export type HubspotModule = Omit<ProviderModule<'hubspot', HubspotCredential>, 'webhooks'> & { readonly webhooks: InboundBatchScheme };

const STATIC_TOKEN_TEXT = /^pat-[a-z0-9]{2,8}-/;

/**
 * HubSpot CRM: an account is a portal, reached with its own static token (`access_token`: a
 * service key or a legacy private-app token, sealed) or through the source's public app
 * (`oauth_refresh_token`: the install's refresh token and latest access token, sealed and
 * refreshed by expiry). The source holds the app: its id, client id and client secret; the
 * client secret also signs the app's webhooks.
 */
export const hubspotModule: HubspotModule = {
  provider: 'hubspot',
  credentials: {
    kinds: hubspotCredentialKinds,
    spec: {
      schema: hubspotAccessTokenSchema,
      credential: (value) => ({ kind: 'access_token', token: String(value) }),
    },
    app: {
      type: 'hubspot-app',
      accountIdSchema: hubspotPortalIdSchema,
      fields: { refreshToken: hubspotRefreshTokenSchema },
      credential: (_portalId, fields) => {
        const refreshToken = fields?.refreshToken;
        if (typeof refreshToken !== 'string') throw new Error('a HubSpot app account needs its install’s refreshToken');
        return { kind: 'oauth_refresh_token', refreshToken };
      },
    },
    secretOf: hubspotSecretOf,
    fromStored: ({ kind, secret }) => hubspotCredentialFromStored(kind, secret),
    // An install refreshes with the app's client secret; a static token needs nothing of the source.
    usesSourceSecret: (credential) => credential.kind === 'oauth_refresh_token',
    text: {
      credential: (text) => (STATIC_TOKEN_TEXT.test(text) ? { kind: 'access_token', token: text } : undefined),
      rule: 'a service key or private-app access token of the portal (pat-…); app installs connect through the Link page',
    },
    refusal: (credential) =>
      credential.kind === 'access_token'
        ? {
            what: 'access token',
            fix: "Send the portal's service key or private-app access token (pat-…), copied whole from its HubSpot settings.",
          }
        : { what: 'refresh token', fix: "Install the source's app on the portal again and send the refresh token HubSpot answered." },
  },
  sourceForm: {
    fields: [
      {
        name: 'app_id',
        label: 'App ID',
        hint: "The numeric id of your HubSpot public app (the app's Auth settings).",
        placeholder: '1234567',
        secret: false,
      },
      {
        name: 'oauth_client_id',
        label: 'Client ID',
        hint: "The app's client id, from its Auth settings. Public: it goes into the install link.",
        placeholder: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
        secret: false,
      },
      {
        name: 'private_key',
        label: 'Client secret',
        hint: "The app's client secret, from its Auth settings. It exchanges install codes, refreshes tokens and signs the app's webhooks; stored encrypted, never shown again.",
        placeholder: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
        secret: true,
      },
    ],
    // HubSpot has no call that checks a client secret alone: it is proved by the first code
    // exchange or refresh. config-service verifies a source's credential before creating it, so
    // the source form is one of the things to change before HubSpot is offered (docs/adding-a-provider.md).
    credential: () => {
      throw new Error("a HubSpot app's client secret cannot be verified on its own: it is checked by its first token exchange");
    },
    secretDescription:
      "hubspot: the client secret of the source's public app; exchanges install codes, refreshes tokens and verifies webhook signatures; stored encrypted, never returned",
  },
  link: {
    pasted: {
      title: 'Paste a private-app access token',
      fieldLabel: 'Access token',
      placeholder: () => 'pat-na1-…',
      hint: (label) =>
        `In ${label} open Settings → Integrations → Private apps (or Service keys), create one with read access to the CRM, and paste ` +
        'its access token here. It travels encrypted, is stored encrypted and is never shown again.',
      credential: (text) => ({ kind: 'access_token', token: text }),
      refusedHelp: (label) => `${label} did not accept this token. Copy the whole access token (pat-…) from ${label} and paste it again.`,
    },
    oauth: { defaultBaseUrl: HUBSPOT_API_BASE_URL, client: (baseUrl, timeoutMs) => hubspotOAuthConnect(baseUrl, timeoutMs) },
  },
  webhooks: hubspotWebhooks(),
  tokens: hubspotRefreshableTokens(),
};
