import type { SecretBox } from '@datasync/crypto';
import { sealedPlace } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import {
  createConnector,
  providerModule,
  type AccountReader,
  type ProviderConnector,
  type ProviderCredential,
  type ProviderSettings,
  type RateBudget,
  type RequestPriority,
  type RequestObserver,
} from '@datasync/providers';
import type { AccountRecord, SourceRecord } from '../targets/targets.repository';

export interface ProviderAccess {
  settings: ProviderSettings;
  /** The request budget shared by every process (Redis); reads spend from it. */
  budget: RateBudget;
  observer?: RequestObserver;
  /** Dates what readers read (`_source_ts`): the control plane's clock (clock/controlPlaneClock.ts). */
  clock?: () => Date;
}

export interface AccountConnection {
  connector: ProviderConnector;
  credential: ProviderCredential;
  /**
   * A reader that throws ProviderRateLimitedError instead of waiting long, so the job can delay
   * itself. It spends the source's share of the provider's limits, in the lane of `priority`:
   * incremental work (polls) ahead of backfill pages.
   */
  reader(priority: RequestPriority): AccountReader;
}

/**
 * Opens the account's credential (or, for a connected account, the source's app key) and builds
 * the connector. Secrets stay in this object's closures: never in payloads, logs or errors.
 */
export function connectAccount(
  access: ProviderAccess,
  secretBox: SecretBox,
  account: AccountRecord,
  source: SourceRecord,
  logger: Logger,
): AccountConnection {
  const { credentials } = providerModule(source.provider);
  const secret = account.credentialSecret
    ? secretBox.open(account.credentialSecret, account.environmentId, sealedPlace('accountCredential', account.id))
    : null;
  const credential: ProviderCredential = credentials.fromStored({ kind: account.credentialKind, secret, externalId: account.externalId });
  const sourceKey = credentials.usesSourceSecret(credential)
    ? secretBox.open(source.credentialSecret, account.environmentId, sealedPlace('sourceKey', source.id))
    : undefined;
  const livemode = credentials.livemodeOf?.(credential, sourceKey) ?? source.livemode ?? undefined;
  const connector = createConnector(source.provider, {
    settings: access.settings,
    budget: access.budget,
    logger,
    ...(sourceKey ? { sourceKey } : {}),
    ...(access.observer ? { observer: access.observer } : {}),
    ...(access.clock ? { clock: access.clock } : {}),
  });
  return {
    connector,
    credential,
    reader: (priority) =>
      connector.reader(
        credential,
        { accountId: account.externalId, ...(livemode !== undefined ? { livemode } : {}) },
        { rateLimit: 'throw', priority, sharePercent: source.rateBudgetPercent },
      ),
  };
}
