import { pollUntil } from './poll';
import type { ManagedChild } from './processes';

/** Resolves once `${url}/health` answers 200; fails early if the process has exited. */
export async function waitForHealth(url: string, child: ManagedChild, timeoutMs: number): Promise<void> {
  await pollUntil(
    `${child.spec.name} /health`,
    async () => {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status !== 200) throw new Error(`status ${response.status}`);
    },
    {
      timeoutMs,
      givenUp: () => (child.running ? undefined : 'exited during startup (see its output above)'),
    },
  );
}
