export * from './catalog';
export { providerEnv, providerSettings, type BudgetLimits, type ProviderEnv, type ProviderSettings, type RetryPolicy } from './config';
export type {
  AccountReader,
  AccountRef,
  EventPage,
  ListEventsOptions,
  ListPagesOptions,
  Page,
  ProviderEvent,
  ProviderObject,
  ProviderWarning,
  RateLimitMode,
  ReaderOptions,
  RequestObserver,
  RequestReport,
  VerifiedAccount,
} from './connector';
export type { ConnectedAccountCredential, ProviderCredential, SecretKeyCredential } from './credentials';
export { keyMode } from './stripe/stripeCredentials';
export * from './errors';
export { RateBudget, type BudgetDecision, type BudgetKey } from './budget/rateBudget';
export { RATE_BUDGET_PERCENT, budgetPerSecond, type RequestPriority } from './budget/budgetShare';
export { backoffDelayMs, parseRetryAfter } from './retry/backoff';
export { createStripeConnector, type StripeConnectorOptions } from './stripe/stripeConnector';
export { backfillFor, createConnector, type ConnectorOptions } from './connectors';
export type {
  BackfillStart,
  Partition,
  PartitionCursor,
  PartitionPage,
  PartitionPlan,
  PartitionSplit,
  PlanHints,
  PlanInput,
  ProviderBackfill,
  RunPlan,
  StartOptions,
} from './contract/backfill';
export type {
  ChangeCursor,
  ChangePage,
  ChangeStartOptions,
  IgnoredChange,
  IgnoreReason,
  ObjectChange,
  ProviderChanges,
  ReadChangesOptions,
} from './contract/changes';
export type { JsonValue } from './contract/json';
export type { ProviderConnector } from './contract/providerConnector';
export { STRIPE_API_VERSION } from './stripe/stripeClient';
// Stripe's `created` ranges, for the benchmarks that read Stripe directly.
export { backfillRange, splitRange, type CreatedRange } from './stripe/backfill/createdRange';
export { providerVerifier, type ProviderVerifier } from './verifier';
export * as hubspot from './hubspot';
export type {
  CredentialKindSpec,
  ProviderCredentials,
  ProviderModule,
  RefreshContext,
  RefreshableTokens,
  RefreshedToken,
  SourceForm,
  SourceFormField,
  StoredCredential,
  TokenStore,
} from './providerModule';
export {
  credentialKind,
  credentialKindNames,
  findProviderModule,
  pendingProviderModules,
  providerModule,
  providerModules,
} from './providerModules';
export {
  WebhookRefusedError,
  webhookRefusals,
  type InboundBatchScheme,
  type InboundDelivery,
  type InboundEvent,
  type InboundRequest,
  type InboundWebhookScheme,
} from './inboundWebhook';
export { ConnectError, type LinkConnectFlow, type OAuthConnect } from './linkConnect';
// The loader's events walk uses Stripe's memory of recent events until it moves onto the changes contract.
export { RecentEvents, type RecentEventsJson } from './stripe/changes/recentEvents';
