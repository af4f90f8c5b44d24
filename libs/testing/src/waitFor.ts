export type Truthy<T> = Exclude<T, false | 0 | 0n | '' | null | undefined>;

export interface WaitForOptions {
  /** What is awaited, for the error message: "waiting for <description>". */
  description: string;
  timeoutMs?: number;
  intervalMs?: number;
}

export class WaitForTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WaitForTimeoutError';
  }
}

function describeLast(outcome: { value?: unknown; error?: unknown } | undefined): string {
  if (!outcome) return 'no attempt finished';
  if ('error' in outcome) {
    return `last attempt threw: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`;
  }
  let shown: string;
  try {
    shown = JSON.stringify(outcome.value) ?? String(outcome.value);
  } catch {
    shown = String(outcome.value);
  }
  return `last value: ${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}`;
}

/**
 * Calls `fn` until it returns a truthy value (which is returned) or the time is up. A throw counts
 * as "not yet". On timeout the error names what was awaited and the last value or error, and an
 * attempt still running at the deadline does not keep the test waiting.
 */
export async function waitFor<T>(fn: () => T | Promise<T>, options: WaitForOptions): Promise<Truthy<T>> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const intervalMs = options.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  let last: { value?: unknown; error?: unknown } | undefined;
  for (;;) {
    const remaining = deadline - Date.now();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), Math.max(remaining, 0));
    });
    const attempt = (async () => {
      try {
        return { value: await fn() };
      } catch (error) {
        return { error };
      }
    })();
    const outcome = await Promise.race([attempt, expired]);
    clearTimeout(timer);
    if (outcome !== 'expired') {
      if ('value' in outcome && outcome.value) return outcome.value as Truthy<T>;
      last = outcome;
    }
    if (outcome === 'expired' || Date.now() + intervalMs > deadline) {
      throw new WaitForTimeoutError(`timed out after ${timeoutMs} ms waiting for ${options.description} (${describeLast(last)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
