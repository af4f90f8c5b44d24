/**
 * What `/ready` reports: false while the process drains, or while any dependency check fails.
 * Checks are the service's own (a `SELECT 1`, a Redis `PING`), each bounded by a timeout.
 */
export class Readiness {
  private draining = false;

  constructor(
    private readonly checks: Record<string, () => Promise<unknown>> = {},
    private readonly timeoutMs = 2000,
  ) {}

  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async report(): Promise<{ ready: boolean; checks: Record<string, 'ok' | 'failing' | 'draining'> }> {
    if (this.draining) return { ready: false, checks: { process: 'draining' } };
    const entries = await Promise.all(
      Object.entries(this.checks).map(async ([name, check]) => [name, (await this.passes(check)) ? 'ok' : 'failing'] as const),
    );
    return { ready: entries.every(([, state]) => state === 'ok'), checks: Object.fromEntries(entries) };
  }

  private async passes(check: () => Promise<unknown>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('readiness check timed out')), this.timeoutMs);
    });
    try {
      await Promise.race([check(), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
