export * from './catalog';
export { providerEnv, providerSettings, type BudgetLimits, type ProviderEnv, type ProviderSettings, type RetryPolicy } from './config';
export type {
  AccountReader,
  AccountRef,
  EventPage,
  ListEventsOptions,
  ListPagesOptions,
  Page,
  ProviderConnector,
  ProviderEvent,
  ProviderObject,
  ProviderWarning,
  RateLimitMode,
  ReaderOptions,
  RequestObserver,
  RequestReport,
  VerifiedAccount,
} from './connector';
export { keyMode, type ConnectedAccountCredential, type ProviderCredential, type SecretKeyCredential } from './credentials';
export * from './errors';
export { RateBudget, type BudgetDecision, type BudgetKey } from './budget/rateBudget';
export { RATE_BUDGET_PERCENT, budgetPerSecond, type RequestPriority } from './budget/budgetShare';
export { backoffDelayMs, parseRetryAfter } from './retry/backoff';
export { createStripeConnector, type StripeConnectorOptions } from './stripe/stripeConnector';
export { createConnector, type ConnectorOptions } from './connectors';
export { STRIPE_API_VERSION } from './stripe/stripeClient';
export { backfillRange, splitRange, splitSegment, type CreatedRange, type RangeCursor } from './segments/segments';
export { EARLIEST_CREATED, findOldestCreated, newestBefore, type OldestSearch } from './segments/oldestCreated';
export { providerVerifier, type ProviderVerifier } from './verifier';
export * as hubspot from './hubspot';
