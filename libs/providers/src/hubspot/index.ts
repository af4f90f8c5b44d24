// The HubSpot CRM connector's reading layer, not yet registered as a provider (see docs/hubspot.md).
export * from './hubspotCatalog';
export { HubspotClient, type AccessTokenSource, type HubspotClientOptions } from './hubspotClient';
export { hubspotEnv, type HubspotEnv } from './hubspotConfig';
export { appKeyOf, tokenSource, type HubspotCredential } from './hubspotCredentials';
export { CredentialRevokedError } from './hubspotErrors';
export { HUBSPOT_LIMITS } from './hubspotLimits';
export { PortalBudget, type HubspotPacer, type PortalBudgetOptions, type RequestClass } from './hubspotPacer';
export { connectHubspot, type HubspotConnection, type HubspotConnectionOptions, type PortalRef } from './hubspotConnection';
export { createHubspotReader, type HubspotReader } from './hubspotReader';
export type { HubspotRow } from './hubspotRows';
export { HubspotTokens, type OAuthApp, type TokenStore } from './hubspotTokens';
export { coerceValue, type TypedValue } from './hubspotValues';
export { verifyHubspotAccount, type HubspotAccount } from './hubspotVerify';
export { changeCursorAt, type ChangeCursor } from './changes/changeCursor';
export { archiveCursorAt, type ArchiveCursor } from './changes/sweepArchived';
export type { ChangePage, HubspotChange } from './changes/readChanges';
export type { HubspotPartition, PartitionCursor } from './backfill/partitions';
