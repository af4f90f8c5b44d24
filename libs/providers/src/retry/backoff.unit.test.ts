import { backoffDelayMs, parseRetryAfter } from './backoff';

const policy = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1000 };

describe('backoffDelayMs', () => {
  it('doubles the ceiling per attempt, jitters within its upper half, and caps it', () => {
    expect(backoffDelayMs(policy, 1, null, () => 0)).toBe(50);
    expect(backoffDelayMs(policy, 1, null, () => 1)).toBe(100);
    expect(backoffDelayMs(policy, 3, null, () => 0)).toBe(200);
    expect(backoffDelayMs(policy, 3, null, () => 1)).toBe(400);
    expect(backoffDelayMs(policy, 10, null, () => 1)).toBe(1000);
  });

  it('never waits less than Retry-After, and adds bounded jitter to it', () => {
    expect(backoffDelayMs(policy, 1, 3000, () => 0)).toBe(3000);
    expect(backoffDelayMs(policy, 1, 3000, () => 1)).toBe(3100);
    expect(backoffDelayMs(policy, 1, 0, () => 1)).toBe(50);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('0.5')).toBe(500);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(5000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 08:00:00 GMT'))).toBe(0);
  });

  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('')).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
