import { silentLogger, type Logger } from '@datasync/logger';
import type Stripe from 'stripe';
import type { RateBudget } from '../budget/rateBudget';
import type { ProviderSettings } from '../config';
import type { AccountRef, ReaderOptions, RequestObserver } from '../connector';
import type { ProviderConnector } from '../contract/providerConnector';
import type { ProviderCredential } from '../credentials';
import { assertAccountId, keyMode } from './stripeCredentials';
import { InvalidCredentialError } from '../errors';
import { createStripeClient } from './stripeClient';
import { StripeRequester } from './requester';
import { StripeAccountReader } from './stripeReader';
import { verifyAccount } from './verify';
import { stripeBackfill } from './backfill/stripeBackfill';
import { createStripeChanges, DEFAULT_LOOK_BACK_S } from './changes/stripeChanges';

export interface StripeConnectorOptions {
  settings: ProviderSettings;
  /**
   * The source's key: the key of the account that owns the app, used for connected accounts.
   * Optional for sources whose accounts all bring their own key.
   */
  sourceKey?: string;
  /** Shared request budget; without it reads are not throttled (verification never is). */
  budget?: RateBudget;
  logger?: Logger;
  /** Told about every HTTP attempt of every reader (metrics: throughput, 429s, latency). */
  observer?: RequestObserver;
  /**
   * The clock that dates responses (a page's `fetchedAt`, the `_source_ts` of what it read): the
   * loader passes the control plane's, which every loader shares. Default: this machine's.
   */
  clock?: () => Date;
  /** How far behind its newest event a walk of the changes reads the events again (stripe/changes/stripeChanges.ts). */
  changeLookBackS?: number;
}

/** The Stripe connector (docs/providers.md): verify credentials, then read accounts through readers. */
export function createStripeConnector(options: StripeConnectorOptions): ProviderConnector {
  const logger = (options.logger ?? silentLogger()).child({ module: 'stripe-connector' });
  const clientOptions = { baseUrl: options.settings.stripeBaseUrl, timeoutMs: options.settings.timeoutMs };
  let appClient: Stripe | undefined;

  // Which key to send, and whether to act for a connected account.
  function route(credential: ProviderCredential): { client: Stripe; connectedAccountId?: string; livemode: boolean } {
    if (credential.kind === 'secret_key') {
      const { livemode } = keyMode(credential.key);
      return { client: createStripeClient(credential.key, clientOptions), livemode };
    }
    assertAccountId(credential.accountId);
    if (!options.sourceKey) {
      throw new InvalidCredentialError('this source has no app key, so it cannot act for connected accounts');
    }
    const { livemode } = keyMode(options.sourceKey);
    appClient ??= createStripeClient(options.sourceKey, clientOptions);
    return { client: appClient, connectedAccountId: credential.accountId, livemode };
  }

  return {
    provider: 'stripe',
    backfill: stripeBackfill,
    changes: createStripeChanges({ lookBackS: options.changeLookBackS ?? DEFAULT_LOOK_BACK_S }),

    async verify(credential) {
      const { client, connectedAccountId, livemode } = route(credential);
      return verifyAccount({
        client,
        livemode,
        settings: options.settings,
        logger,
        ...(connectedAccountId ? { connectedAccountId } : {}),
      });
    },

    reader(credential, account: AccountRef, readerOptions?: ReaderOptions) {
      const { client, connectedAccountId } = route(credential);
      const requester = new StripeRequester({
        client,
        account,
        settings: options.settings,
        rateLimit: readerOptions?.rateLimit ?? 'wait',
        priority: readerOptions?.priority ?? 'backfill',
        ...(readerOptions?.sharePercent !== undefined ? { sharePercent: readerOptions.sharePercent } : {}),
        logger: logger.child({ accountId: account.accountId }),
        ...(connectedAccountId ? { connectedAccountId } : {}),
        ...(options.budget ? { budget: options.budget } : {}),
        ...(options.observer ? { observer: options.observer } : {}),
        ...(options.clock ? { clock: options.clock } : {}),
      });
      return new StripeAccountReader(account, requester);
    },
  };
}
