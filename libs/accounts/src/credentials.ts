import { credentialKindNames, type ProviderCredential } from '@datasync/providers';

/** How an account is reached: one of the kinds its provider's module defines. */
export type CredentialKind = string;

/** Every kind of every provider module (Stripe: secret_key, connected_account). */
export const CREDENTIAL_KINDS: readonly CredentialKind[] = credentialKindNames;

export type CredentialInput = ProviderCredential;

/** Where a credential problem is reported: the request field the caller has to fix. */
export interface CredentialParams {
  /** `credential` (POST /accounts) or `credentials.accountId` (POST /sources/{sourceName}/accounts). */
  credential: string;
  /** The field naming the source: `app`, or `sourceName` in the path. */
  source: string;
  /** The field of the source type: `sourceType`, or `credentials.type`. */
  sourceType: string;
}

export const SPEC_FORM_PARAMS: CredentialParams = { credential: 'credential', source: 'app', sourceType: 'sourceType' };
export const SOURCE_FORM_PARAMS: CredentialParams = {
  credential: 'credentials.accountId',
  source: 'sourceName',
  sourceType: 'credentials.type',
};
