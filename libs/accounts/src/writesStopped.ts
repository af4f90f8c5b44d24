import { waitOutFence, type FenceKey, type Knex } from '@datasync/db';
import { ApiError } from '@datasync/errors';

/**
 * A pause or unmount committed, but a write the loader began before it was still in flight past
 * the wait's bound (a batch longer than that: a very slow destination). The change stands; a
 * repeated pause waits again.
 */
export class WritesInFlightError extends ApiError {
  constructor(what: string) {
    super(503, 'api_error', `${what}, but a write begun before is still being committed. Repeat the call to wait for it.`, {
      code: 'writes_in_flight',
      headers: { 'Retry-After': '5' },
    });
  }
}

/**
 * Once a change that stops the loader's writes has committed (a pause, an unmount): waits for the
 * writes in flight under the fence `key` (libs/db writeFence.ts), so that nothing lands after the
 * call answers. Past `timeoutMs` it throws WritesInFlightError, saying `what` was done.
 */
export async function waitForWritesStopped(knex: Knex, key: FenceKey, timeoutMs: number, what: string): Promise<void> {
  if (!(await waitOutFence(knex, key, timeoutMs))) throw new WritesInFlightError(what);
}
