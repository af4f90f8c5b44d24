import { PageLatency } from './pageLatency';

describe('PageLatency', () => {
  it("starts an account it has not seen from the mean of all, and that from Stripe's typical page time", () => {
    const latency = new PageLatency(0.5);
    expect(latency.seconds('acct_new')).toBe(0.5);
    latency.observe(100, 'acct_fast');
    expect(latency.seconds('acct_new')).toBeCloseTo(0.46);
  });

  it("keeps each account's own time, so a slow account beside fast ones is sized by its own pages", () => {
    const latency = new PageLatency(0.5);
    for (let i = 0; i < 200; i++) latency.observe(50, 'acct_fast');
    latency.observe(300, 'acct_slow');
    latency.observe(500, 'acct_slow');
    // The plain mean of the first answers, not the fast account's time nor one answer alone.
    expect(latency.seconds('acct_slow')).toBeCloseTo(0.4);
    expect(latency.seconds('acct_fast')).toBeCloseTo(0.05);
    expect(latency.seconds()).toBeLessThan(0.15);
  });

  it('follows a provider that slows down within a few dozen pages', () => {
    const latency = new PageLatency(0.5);
    for (let i = 0; i < 50; i++) latency.observe(100, 'acct');
    for (let i = 0; i < 30; i++) latency.observe(1000, 'acct');
    expect(latency.seconds('acct')).toBeGreaterThan(0.9);
  });

  it('forgets the account unseen longest past its bound', () => {
    const latency = new PageLatency(0.5, 0.1, 2);
    latency.observe(100, 'a');
    latency.observe(200, 'b');
    latency.observe(300, 'a');
    latency.observe(400, 'c');
    expect(latency.seconds('b')).toBe(latency.seconds());
    expect(latency.seconds('a')).toBeCloseTo(0.2);
    expect(latency.seconds('c')).toBeCloseTo(0.4);
  });
});
