import { DEFAULT_RETRY_POLICY, retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it('waits a minute after the first failure, doubling up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => retryDelayMs(n, DEFAULT_RETRY_POLICY) / 60_000)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
  });

  it('keeps retrying for at least 24 hours before the give-up bound', () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < DEFAULT_RETRY_POLICY.giveUpAfterMs) elapsed += retryDelayMs(++attempts, DEFAULT_RETRY_POLICY);
    expect(DEFAULT_RETRY_POLICY.giveUpAfterMs).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(attempts).toBeGreaterThan(24);
  });
});
