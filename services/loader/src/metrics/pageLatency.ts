/**
 * How long the provider takes to answer a list page, as this process saw it lately: exponentially
 * weighted means of the successful list requests' times (the budget's waits are not in them), one
 * per provider account and one over all of them. It sizes each account's requests in flight
 * (runs/inFlight.ts), so it must follow a provider that slows down within a few dozen pages.
 *
 * Per account, because answer times differ by account (Stripe answers a page of a large account
 * more slowly, and one loader serves accounts of every size): sized by the mean of all accounts,
 * a slow account next to fast ones would keep too few pages in flight to spend its budget. An
 * account this process has not seen yet starts from the mean of all, and that from Stripe's typical
 * page time before this process has seen any.
 */
export class PageLatency {
  private overall: number;
  /** Insertion order is the order of last observation: the first key is the one unseen longest. */
  private readonly byAccount = new Map<string, { mean: number; seen: number }>();

  constructor(
    initialSeconds = 0.5,
    private readonly weight = 0.1,
    private readonly maxAccounts = 10_000,
  ) {
    this.overall = initialSeconds;
  }

  observe(durationMs: number, account?: string): void {
    const seconds = durationMs / 1000;
    this.overall += this.weight * (seconds - this.overall);
    if (account === undefined) return;
    const entry = this.byAccount.get(account) ?? { mean: 0, seen: 0 };
    this.byAccount.delete(account);
    // The plain mean of an account's first pages (its first answer alone is a poor guess of the
    // next), then the weighted one.
    entry.seen += 1;
    entry.mean += Math.max(this.weight, 1 / entry.seen) * (seconds - entry.mean);
    this.byAccount.set(account, entry);
    if (this.byAccount.size > this.maxAccounts) this.byAccount.delete(this.byAccount.keys().next().value as string);
  }

  /** The account's mean page time, or the mean of all when this process has not seen it. */
  seconds(account?: string): number {
    return (account === undefined ? undefined : this.byAccount.get(account)?.mean) ?? this.overall;
  }
}
