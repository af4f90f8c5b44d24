import type Joi from 'joi';
import type { Logger } from '@datasync/logger';
import type { ProviderName } from './catalog';
import type { ProviderCredential } from './credentials';
import type { InboundWebhookScheme } from './inboundWebhook';
import type { LinkConnectFlow } from './linkConnect';

/** One kind of credential a provider accepts for an account (`accounts.credential_kind`). */
export interface CredentialKindSpec {
  /** Stored in `accounts.credential_kind`: lowercase letters, digits and underscores. */
  kind: string;
  /** The account row keeps a sealed secret for it; false: requests use the source's own credential. */
  sealed: boolean;
  /** The provider replaces it over time (an OAuth token): see RefreshableTokens. */
  refreshable: boolean;
}

/** What an account row keeps of its credential: its kind, its secret (opened) and the provider's account id. */
export interface StoredCredential {
  kind: string;
  secret: string | null;
  externalId: string;
}

/**
 * `C` is the provider's credential type: ProviderCredential for the providers offered; a provider
 * whose connector is not wired yet (providerModules.ts, pendingProviderModules) names its own.
 */
export interface ProviderCredentials<C = ProviderCredential> {
  kinds: readonly CredentialKindSpec[];
  /** `credential` of POST /accounts: its schema (messages are the API's) and what a valid value stands for. */
  spec: { schema: Joi.Schema; credential(value: unknown): C };
  /**
   * `credentials` of POST /sources/{sourceName}/accounts: an account reached through the source's
   * app. `type` is the value `credentials.type` must carry; `fields`, the other keys it requires
   * besides `accountId` (HubSpot's `refreshToken`), each with its schema.
   */
  app?: {
    type: string;
    accountIdSchema: Joi.Schema;
    fields?: Readonly<Record<string, Joi.Schema>>;
    credential(accountId: string, fields?: Readonly<Record<string, string>>): C;
  };
  /** The secret the account row keeps (sealed) for a credential, or null when its kind keeps none. */
  secretOf(credential: C): string | null;
  /** The credential again, from what the account row keeps. */
  fromStored(stored: StoredCredential): C;
  /** Requests for this credential authenticate with the source's own secret (opened only then). */
  usesSourceSecret(credential: C): boolean;
  /**
   * The dashboard's one text field for an account's credential (config-service's
   * `POST /syncs/{name}/accounts`): the credential a text stands for, undefined when it is none
   * of the kinds, and the rule to show then.
   */
  text: { credential(text: string): C | undefined; rule: string };
  /**
   * How the API names a refused credential (`key`, `account id`) and what the caller should send
   * instead; never the credential itself.
   */
  refusal(credential: C): { what: string; fix: string };
  /**
   * The provider's mode of a credential, read from the credential itself (Stripe: the key's
   * prefix); undefined for providers without modes. `sourceSecret` is given when usesSourceSecret.
   */
  livemodeOf?(credential: C, sourceSecret?: string): boolean | undefined;
}

/** An input of the dashboard's source form, and of POST /sources. */
export interface SourceFormField {
  name: string;
  label: string;
  hint: string;
  placeholder: string;
  /** Secrets get a password input that the browser neither shows nor remembers. */
  secret: boolean;
}

/** What a source (the provider app) needs, as config-service's form and API ask for it. */
export interface SourceForm<C = ProviderCredential> {
  fields: readonly SourceFormField[];
  /** The source's own credential (`private_key`) as the connector verifies it. */
  credential(privateKey: string): C;
  /** The API description of `private_key`, the source's own secret. */
  secretDescription: string;
  /** The app's public OAuth client id, when the provider's Link page can offer its consent page. */
  oauthClientId?: { schema: Joi.StringSchema; description: string };
}

/** A token the provider replaces: the new secret to seal, and when it stops working. */
export interface RefreshedToken {
  secret: string;
  expiresAt: Date | null;
}

/**
 * Where a refreshed token goes: libs/accounts seals it for the account's row and records the
 * change without the secret. Handed to the module, so a rotated refresh token is never held
 * only in memory.
 */
export interface TokenStore {
  replace(accountId: string, token: RefreshedToken): Promise<void>;
}

/** What a refresh may need besides the credential; each provider reads what it uses. */
export interface RefreshContext {
  /** The source's own secret (an OAuth app's client secret), opened for the refresh only. */
  sourceSecret?: string;
  /** The source's public OAuth client id, for providers whose refresh names the app (HubSpot). */
  sourceClientId?: string;
  /** The provider's API base URL (its emulator in tests); the provider's own otherwise. */
  baseUrl?: string;
  timeoutMs?: number;
  logger?: Logger;
}

/** A provider whose credentials expire: when to refresh, and how. */
export interface RefreshableTokens<C = ProviderCredential> {
  /** Whether a credential that expires at `expiresAt` must be refreshed before use at `now`. */
  needsRefresh(expiresAt: Date | null, now: Date): boolean;
  /** Asks the provider for a new token; the caller stores it with a TokenStore before using it. */
  refresh(credential: C, context: RefreshContext): Promise<RefreshedToken>;
}

/**
 * Everything the engine asks of one provider besides reading its data (connector.ts):
 * credentials and their sealing, token refresh, the source form, the Link page's connect flow
 * and inbound webhooks. Generic code asks the registry (providerModules.ts), never `if (provider === …)`.
 */
export interface ProviderModule<P extends string = ProviderName, C = ProviderCredential> {
  readonly provider: P;
  readonly credentials: ProviderCredentials<C>;
  readonly sourceForm: SourceForm<C>;
  readonly link: LinkConnectFlow<C>;
  readonly webhooks?: InboundWebhookScheme;
  readonly tokens?: RefreshableTokens<C>;
}
