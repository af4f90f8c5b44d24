import type { ProviderCredential } from './credentials';

/** The provider refused the exchange (`refused`: a bad, used or foreign code) or could not be asked (`unreachable`). */
export class ConnectError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable',
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ConnectError';
  }
}

/** A provider's OAuth-style connect: where to send the customer, and the server-side code exchange. */
export interface OAuthConnect<C = ProviderCredential> {
  authorizeUrl(input: { clientId: string; state: string; redirectUri: string }): string;
  /**
   * Exchanges a code for the credential of the account the customer connected, authenticated
   * with the source's own secret. `clientId` and `redirectUri` are the ones the authorize URL
   * carried: providers whose exchange repeats them (HubSpot) refuse without them. Throws ConnectError.
   */
  exchangeCode(input: { sourceSecret: string; code: string; clientId?: string; redirectUri?: string }): Promise<C>;
}

/** What the Link page offers for a provider, and the words it uses (escaped by the page). */
export interface LinkConnectFlow<C = ProviderCredential> {
  /** The section where the customer pastes a credential of the account itself. */
  pasted: {
    title: string;
    fieldLabel: string;
    /** The input's placeholder; `livemode` is the source's mode, when the provider has modes. */
    placeholder(livemode: boolean | undefined): string;
    /** Where to find the credential; `label` is the provider's name. */
    hint(label: string): string;
    /** The credential the pasted text stands for. */
    credential(text: string): C;
    /** What to tell the customer when the provider refused the pasted credential. */
    refusedHelp(label: string): string;
    /** When the pasted credential is of the other mode than the source's. */
    modeMismatchHelp?(organization: string, sourceLivemode: boolean): string;
  };
  /** The provider's consent page, offered when the source has an OAuth client id. */
  oauth?: {
    /** Where the provider's OAuth lives unless configured (`LINK_<PROVIDER>_CONNECT_URL`). */
    defaultBaseUrl: string;
    client(baseUrl: string, timeoutMs: number): OAuthConnect<C>;
  };
}
