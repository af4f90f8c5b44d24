/**
 * Calls `attempt` until it resolves, every `intervalMs`, for at most `timeoutMs`; rejects with
 * the last error then. `givenUp` (a child that exited, say) ends the wait early.
 */
export async function pollUntil<T>(
  what: string,
  attempt: () => Promise<T>,
  options: { timeoutMs: number; intervalMs?: number; givenUp?: () => string | undefined },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    const reason = options.givenUp?.();
    if (reason) throw new Error(`${what}: ${reason}`);
    try {
      return await attempt();
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const detail = lastError instanceof Error ? lastError.message : String(lastError);
      throw new Error(`${what}: not ready after ${options.timeoutMs} ms (${detail})`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
  }
}
