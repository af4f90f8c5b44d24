import { TokenBucket } from './tokenBucket';

describe('TokenBucket', () => {
  it('allows a burst of one second, then one request per 1/rate seconds', () => {
    let now = 0;
    const bucket = new TokenBucket(5, () => now);
    for (let i = 0; i < 5; i++) expect(bucket.take()).toEqual({ allowed: true });
    const refused = bucket.take();
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeCloseTo(0.2);
    now += 200;
    expect(bucket.take()).toEqual({ allowed: true });
    expect(bucket.take().allowed).toBe(false);
  });

  it('never stores more than its capacity', () => {
    let now = 0;
    const bucket = new TokenBucket(2, () => now);
    now += 60_000;
    expect(bucket.take().allowed).toBe(true);
    expect(bucket.take().allowed).toBe(true);
    expect(bucket.take().allowed).toBe(false);
  });

  it('serves a sub-1 rate with a burst of one', () => {
    const now = 0;
    const bucket = new TokenBucket(0.5, () => now);
    expect(bucket.take().allowed).toBe(true);
    const refused = bucket.take();
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeCloseTo(2);
  });
});
