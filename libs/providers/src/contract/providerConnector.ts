import type { ProviderName } from '../catalog';
import type { AccountReader, AccountRef, ReaderOptions, VerifiedAccount } from '../connector';
import type { ProviderCredential } from '../credentials';
import type { ProviderBackfill } from './backfill';
import type { ProviderChanges } from './changes';

/** One provider, as the engine sees it (docs/providers.md, "The contract"). */
export interface ProviderConnector {
  readonly provider: ProviderName;
  /**
   * Checks a credential with the provider. Throws InvalidCredentialError,
   * AccountNotConnectedError, InsufficientPermissionError or ProviderUnreachableError.
   */
  verify(credential: ProviderCredential): Promise<VerifiedAccount>;
  /** A reader for an account verified earlier (its id and mode select the budget). */
  reader(credential: ProviderCredential, account: AccountRef, options?: ReaderOptions): AccountReader;
  /** How a resource's history is planned into partitions and read (contract/backfill.ts). */
  readonly backfill: ProviderBackfill;
  /** How the changes after a backfill are read from an opaque cursor (contract/changes.ts). */
  readonly changes: ProviderChanges;
}
