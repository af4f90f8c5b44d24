/** What an account was served: benchmarks and tests read it through the admin API. */
export class RequestStats {
  requests = 0;
  rateLimited = 0;
  injectedErrors = 0;
  resets = 0;
  readonly byStatus = new Map<number, number>();
  readonly byEndpoint = new Map<string, number>();
  since = new Date();

  countRequest(endpoint: string): void {
    this.requests += 1;
    this.byEndpoint.set(endpoint, (this.byEndpoint.get(endpoint) ?? 0) + 1);
  }

  countStatus(status: number): void {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  reset(): void {
    this.requests = 0;
    this.rateLimited = 0;
    this.injectedErrors = 0;
    this.resets = 0;
    this.byStatus.clear();
    this.byEndpoint.clear();
    this.since = new Date();
  }

  toJSON(): object {
    return {
      requests: this.requests,
      rate_limited: this.rateLimited,
      injected_errors: this.injectedErrors,
      resets: this.resets,
      by_status: Object.fromEntries(this.byStatus),
      by_endpoint: Object.fromEntries(this.byEndpoint),
      since: Math.floor(this.since.getTime() / 1000),
    };
  }
}
