import type { Cluster, Redis } from 'ioredis';
import type { Logger } from '@datasync/logger';
import type { RetryPolicy } from '../config';
import type { ReaderOptions, RequestObserver } from '../connector';
import { HubspotClient, type AccessTokenSource } from './hubspotClient';
import { appKeyOf, tokenSource, type HubspotCredential } from './hubspotCredentials';
import { PortalBudget } from './hubspotPacer';
import { createHubspotReader, type HubspotReader } from './hubspotReader';
import type { OAuthApp, TokenStore } from './hubspotTokens';
import { verifyHubspotAccount, type HubspotAccount } from './hubspotVerify';

export interface HubspotConnectionOptions {
  /** `PROVIDER_HUBSPOT_BASE_URL`. */
  baseUrl: string;
  credential: HubspotCredential;
  /** The integrator's app and where a rotated refresh token goes: for OAuth installs. */
  app?: OAuthApp;
  store?: TokenStore;
  timeoutMs: number;
  retry: RetryPolicy;
  /** Past this wait for budget or a 429, a reader in 'throw' mode throws ProviderRateLimitedError. */
  maxWaitMs: number;
  logger: Logger;
  /** The shared budget's Redis; without it reads are paced by HubSpot's 429s alone. */
  redis?: Redis | Cluster;
  budgetPrefix?: string;
  observer?: RequestObserver;
}

/** The portal a reader reads, as verification found it. */
export type PortalRef = Pick<HubspotAccount, 'externalId' | 'timeZone'>;

export interface HubspotConnection {
  verify(): Promise<HubspotAccount>;
  reader(portal: PortalRef, options?: ReaderOptions): HubspotReader;
}

/**
 * One credential's way into HubSpot: verification, then readers that spend the portal's shared
 * budget. Verification is not paced (a person waits for it, and it is one request); readers are.
 * Every client of a connection shares one token source, so an install refreshes once for all.
 */
export function connectHubspot(options: HubspotConnectionOptions): HubspotConnection {
  const auth: AccessTokenSource = tokenSource(options.credential, options);
  const client = (extra: Partial<ConstructorParameters<typeof HubspotClient>[0]> = {}) =>
    new HubspotClient({
      baseUrl: options.baseUrl,
      auth,
      timeoutMs: options.timeoutMs,
      retry: options.retry,
      logger: options.logger,
      observer: options.observer,
      ...extra,
    });
  return {
    verify: () =>
      verifyHubspotAccount(
        client({
          retry: {
            maxAttempts: Math.min(3, options.retry.maxAttempts),
            baseDelayMs: Math.min(250, options.retry.baseDelayMs),
            maxDelayMs: Math.min(2000, options.retry.maxDelayMs),
          },
        }),
      ),
    reader(portal, readerOptions = {}) {
      const rateLimit = readerOptions.rateLimit ?? 'wait';
      const pacer = options.redis
        ? new PortalBudget(options.redis, {
            portalId: portal.externalId,
            appKey: appKeyOf(options.credential, options.app),
            oauth: options.credential.kind === 'oauth_refresh_token',
            timeZone: portal.timeZone,
            priority: readerOptions.priority ?? 'backfill',
            rateLimit,
            maxWaitMs: options.maxWaitMs,
            sharePercent: readerOptions.sharePercent,
            prefix: options.budgetPrefix,
          })
        : undefined;
      return createHubspotReader(client({ rateLimit, pacer, timeZone: portal.timeZone }));
    },
  };
}
