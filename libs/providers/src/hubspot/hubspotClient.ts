import type { Logger } from '@datasync/logger';
import type { RetryPolicy } from '../config';
import type { RateLimitMode, RequestObserver } from '../connector';
import { withRetries } from '../retry/withRetries';
import { classifyHubspotFailure, HubspotHttpError } from './hubspotErrors';
import type { HubspotPacer, RequestClass } from './hubspotPacer';

/** Where the client gets the bearer token of each request: a static key, or an OAuth install's refresher. */
export interface AccessTokenSource {
  accessToken(): Promise<string>;
  /** For expiring tokens: forget the current one (HubSpot said it expired) so the next call refreshes. */
  invalidate?(): void;
}

export interface HubspotClientOptions {
  baseUrl: string;
  auth: AccessTokenSource;
  timeoutMs: number;
  retry: RetryPolicy;
  logger: Logger;
  /** 'throw': a 429 or an empty budget throws ProviderRateLimitedError so the job delays itself. */
  rateLimit?: RateLimitMode;
  /** Spends the portal's budget before each attempt and learns its limits from the answers. */
  pacer?: HubspotPacer;
  /** The portal's time zone (from verify): when the daily limit resets. */
  timeZone?: string;
  observer?: RequestObserver;
  now?: () => number;
}

export type QueryValue = string | number | boolean | readonly string[] | undefined;

export interface HubspotRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Search has its own limit (5/s per portal) and spends nothing of the ten-second window. */
  requestClass?: RequestClass;
}

export interface HubspotAnswer<T> {
  status: number;
  body: T;
}

/** `properties=a,b` (HubSpot reads comma-separated lists); undefined values are left out. */
export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value as string | number | boolean));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`;
}

/**
 * HubSpot over plain HTTP (its SDK retries on its own and hides the 429 body): bearer auth,
 * retries of 5xx and network errors with jittered backoff, 429s read by policy (hubspotErrors.ts),
 * and a pacer that keeps the portal under its limits so 429s stay rare. A 207 (a batch with some
 * ids missing) is an answer, not a failure. Tokens never reach a log or an error.
 */
export class HubspotClient {
  constructor(private readonly options: HubspotClientOptions) {}

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  async request<T>(request: HubspotRequest): Promise<HubspotAnswer<T>> {
    const { options } = this;
    const requestClass = request.requestClass ?? 'standard';
    return withRetries(() => this.send<T>(request, requestClass), {
      policy: options.retry,
      rateLimit: options.rateLimit ?? 'wait',
      beforeAttempt: options.pacer ? () => options.pacer!.beforeRequest(requestClass) : undefined,
      classify: (err) => classifyHubspotFailure(err, { timeZone: options.timeZone, now: options.now }),
      logger: options.logger,
      endpoint: endpointOf(request.path),
      list: request.method === 'GET' || requestClass === 'search',
      observer: options.observer,
    });
  }

  get<T>(path: string, query?: Record<string, QueryValue>): Promise<HubspotAnswer<T>> {
    return this.request<T>({ method: 'GET', path, query });
  }

  post<T>(
    path: string,
    body: unknown,
    requestClass: RequestClass = 'standard',
    query?: Record<string, QueryValue>,
  ): Promise<HubspotAnswer<T>> {
    return this.request<T>({ method: 'POST', path, body, requestClass, query });
  }

  private async send<T>(request: HubspotRequest, requestClass: RequestClass, refreshed = false): Promise<HubspotAnswer<T>> {
    const { options } = this;
    const token = await options.auth.accessToken();
    const response = await fetch(buildUrl(options.baseUrl, request.path, request.query), {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text();
    options.pacer?.afterResponse(requestClass, response.headers);
    const body = parseJson(text);
    if (response.ok) return { status: response.status, body: body as T };
    // A token that expired on HubSpot's clock before ours: refresh once, then it is a real refusal.
    if (response.status === 401 && !refreshed && options.auth.invalidate) {
      options.auth.invalidate();
      return this.send<T>(request, requestClass, true);
    }
    throw new HubspotHttpError(response.status, body, response.headers, endpointOf(request.path));
  }
}

function parseJson(text: string): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The path without ids, for logs and metrics (`/crm/v3/objects/contacts/{id}`). */
export function endpointOf(path: string): string {
  return path.replace(/\/\d+(?=\/|$)/g, '/{id}');
}
