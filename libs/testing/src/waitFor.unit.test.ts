import { WaitForTimeoutError, waitFor } from './waitFor';

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('waitFor resolved');
}

describe('waitFor', () => {
  it('polls until the value is truthy and returns it', async () => {
    let calls = 0;
    const value = await waitFor(
      async () => {
        calls += 1;
        return calls >= 3 ? { rows: calls } : undefined;
      },
      { description: 'three calls', intervalMs: 1 },
    );
    expect(value).toEqual({ rows: 3 });
    expect(calls).toBe(3);
  });

  it('treats a throw as "not yet"', async () => {
    let calls = 0;
    const value = await waitFor(
      () => {
        calls += 1;
        if (calls < 2) throw new Error('not ready');
        return 'ready';
      },
      { description: 'readiness', intervalMs: 1 },
    );
    expect(value).toBe('ready');
  });

  it('times out naming what it waited for and the last value', async () => {
    const error = await rejection(waitFor(() => '', { description: 'the run to finish', timeoutMs: 60, intervalMs: 5 }));
    expect(error).toBeInstanceOf(WaitForTimeoutError);
    expect(error.message).toBe('timed out after 60 ms waiting for the run to finish (last value: "")');
  });

  it('reports the last error when every attempt threw', async () => {
    const error = await rejection(
      waitFor(
        () => {
          throw new Error('connection refused');
        },
        { description: 'the server', timeoutMs: 40, intervalMs: 5 },
      ),
    );
    expect(error.message).toMatch(/waiting for the server \(last attempt threw: connection refused\)$/);
  });

  it('does not wait past the deadline for an attempt that never settles', async () => {
    const started = Date.now();
    const hung = () => new Promise<boolean>(() => {});
    const error = await rejection(waitFor(hung, { description: 'a hung call', timeoutMs: 50 }));
    expect(error.message).toBe('timed out after 50 ms waiting for a hung call (no attempt finished)');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
