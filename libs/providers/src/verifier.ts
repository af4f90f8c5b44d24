import type { Logger } from '@datasync/logger';
import type { ProviderSettings } from './config';
import type { VerifiedAccount } from './connector';
import { createConnector } from './connectors';
import type { ProviderCredential } from './credentials';

/**
 * Asks a catalog provider whether a credential reaches an account, and which. `sourceKey` is the
 * key of the source's app, needed only for an account connected to that app. A refusal throws the
 * provider's error; each caller turns it into the answer its own form needs.
 */
export type ProviderVerifier = (provider: string, credential: ProviderCredential, sourceKey?: string) => Promise<VerifiedAccount>;

/** Verification against the provider's real API (the emulator in development and tests). */
export function providerVerifier(options: { settings: ProviderSettings; logger: Logger }): ProviderVerifier {
  return (provider, credential, sourceKey) =>
    createConnector(provider, { settings: options.settings, logger: options.logger, ...(sourceKey ? { sourceKey } : {}) }).verify(
      credential,
    );
}
