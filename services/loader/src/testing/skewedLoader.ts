import type { LoaderDeps } from '../deps';
import { ControlPlaneClock } from '../clock/controlPlaneClock';
import type { LoaderHarness } from './harness';

/**
 * Another loader of the harness's fleet (same control plane, queues, budget and destinations)
 * whose machine clock is `skewMs` off the true time: what it dates, it dates through the clock
 * production builds (clock/controlPlaneClock.ts) on top of that skewed machine clock. Test-only:
 * production has no setting that skews a clock.
 */
export async function skewedLoader(h: LoaderHarness, skewMs: number): Promise<{ deps: LoaderDeps; machineNow: () => Date }> {
  const machine = (): number => Date.now() + skewMs;
  const clock = new ControlPlaneClock(h.knex, machine);
  await clock.sync();
  const deps: LoaderDeps = { ...h.deps, providers: { ...h.deps.providers, clock: () => clock.now() } };
  return { deps, machineNow: () => new Date(machine()) };
}
