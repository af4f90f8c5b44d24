import { RateLimitError } from '@datasync/errors';
import { ConcurrencyGate } from './concurrencyGate';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ConcurrencyGate', () => {
  it('runs at most max tasks at once, queues up to maxWaiting, and refuses the rest with a 429', async () => {
    const gate = new ConcurrencyGate(2, 1);
    let running = 0;
    let most = 0;
    const blockers = [deferred(), deferred(), deferred()];
    const task = (blocker: { promise: Promise<void> }) => async () => {
      running += 1;
      most = Math.max(most, running);
      await blocker.promise;
      running -= 1;
      return 'done';
    };
    const accepted = blockers.map((b) => gate.run(task(b)));
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(RateLimitError);
    expect(running).toBe(2);
    for (const b of blockers) b.resolve();
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    // Every slot came back: two run at once again.
    expect(await Promise.all([gate.run(async () => 1), gate.run(async () => 2)])).toEqual([1, 2]);
  });

  it('frees the slot when a task fails', async () => {
    const gate = new ConcurrencyGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
