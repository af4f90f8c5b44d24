import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from './deliverySettings';

/**
 * One attempt, as the admin API lists them: the provider's label of the delivery (`L`: an event
 * and its endpoint, a batch and its target…), then what happened to this attempt.
 */
export type SignedAttempt<L extends object> = L & {
  attempt: number;
  /** The target's HTTP status; null when it did not answer (refused, timed out). */
  status: number | null;
  at: number;
};

export interface OutgoingRequest<L extends object> {
  /** The provider's label of the delivery, first in each of its attempts in the log. */
  label: L;
  url: string;
  /** The body of an attempt (1, 2, …): some providers number attempts inside it. */
  body: (attempt: number) => string;
  /** Headers of one attempt, signed at send time (signatures carry a timestamp). */
  headers: (attempt: number, timestamp: number, body: string) => Record<string, string>;
}

const KEPT_ATTEMPTS = 5_000;

/**
 * Provider-neutral webhook sender: POSTs a body with headers the provider signs, a 2xx counts as
 * delivered, anything else (or no answer) is retried with an exponential backoff, up to
 * `maxAttempts`. Asynchronous, as providers deliver; `close` stops what is pending.
 */
export class SignedDelivery<L extends object> {
  readonly settings: DeliverySettings = { ...DEFAULT_DELIVERY_SETTINGS };
  private readonly attempts: SignedAttempt<L>[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  /** Queues the first attempt, `delayMs` from now (a provider holds some back to reorder them). */
  send(request: OutgoingRequest<L>, delayMs = 0): void {
    this.later(delayMs, () => this.attempt(request, 1));
  }

  /** The latest attempts, oldest first. */
  log(): SignedAttempt<L>[] {
    return [...this.attempts];
  }

  /** Stops every pending attempt (the emulator is closing). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(ms: number, action: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void action();
    }, ms);
    this.timers.add(timer);
  }

  private async attempt(request: OutgoingRequest<L>, attempt: number): Promise<void> {
    if (this.closed) return;
    let status: number | null;
    const body = request.body(attempt);
    try {
      const response = await fetch(request.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...request.headers(attempt, Date.now(), body) },
        body,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      status = null;
    }
    this.attempts.push({ ...request.label, attempt, status, at: Date.now() });
    if (this.attempts.length > KEPT_ATTEMPTS) this.attempts.splice(0, this.attempts.length - KEPT_ATTEMPTS);
    const delivered = status !== null && status >= 200 && status < 300;
    if (!delivered && attempt < this.settings.maxAttempts) {
      this.later(this.settings.retryBaseMs * 2 ** (attempt - 1), () => this.attempt(request, attempt + 1));
    }
  }
}
