export { AccountsService, type AccountsServiceOptions, type AccountView, type DeleteResult, type ListOptions } from './accounts.service';
export type { Account, AccountRow, AccountWithSource } from './accounts.repository';
export { createAccountsService, type AccountsServiceWiring } from './createAccountsService';
export { CREDENTIAL_KINDS, type CredentialInput, type CredentialKind } from './credentials';
export { IDENTIFIER_PATTERN, IDENTIFIER_RULE, isValidIdentifier } from './identifier';
export {
  loaderCollectionHooks,
  loaderHooks,
  noCollectionHooks,
  noLoaderHooks,
  type AccountHooks,
  type CollectionHooks,
  type LoaderHookOptions,
} from './commitHooks';
export type { ProviderCaller, ProviderGrantEvent, ProviderGrantOutcome } from './providerLifecycle';
export type { Registration } from './register';
export { removeDeletedAccount } from './removeDeletedAccount';
export { claimReleased, syncOwner, type SyncOwner } from './tableOwners.reader';
export {
  ACCOUNT_STATUSES,
  deriveStatus,
  whereLoaderStatus,
  type AccountStatus,
  type CollectionProgress,
  type CollectionWarning,
  type LoaderState,
  type LoaderStatus,
} from './status';
export {
  countSyncAccounts,
  readSyncLoadActivity,
  syncActivityReader,
  type SyncAccountCounts,
  type SyncLoadActivity,
  type SyncRef,
} from './syncActivity.reader';
export { toVerificationError } from './verification';
export { waitForWritesStopped, WritesInFlightError } from './writesStopped';
export { accountTokenStore, CredentialNotRefreshableError, replaceAccountToken } from './credentialTokens';
