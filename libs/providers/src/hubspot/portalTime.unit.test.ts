import { localDate, msUntilLocalMidnight } from './portalTime';

describe('portal time', () => {
  it("names the portal's local date, not UTC's", () => {
    const at = Date.parse('2026-03-01T03:00:00Z');
    expect(localDate(at, 'UTC')).toBe('2026-03-01');
    expect(localDate(at, 'America/New_York')).toBe('2026-02-28');
  });

  it("counts until the portal's midnight, DST days included", () => {
    const at = Date.parse('2026-03-01T03:00:00Z'); // 22:00 in New York
    expect(Math.round(msUntilLocalMidnight(at, 'America/New_York') / 60_000)).toBe(120);
    expect(Math.round(msUntilLocalMidnight(at, 'UTC') / 60_000)).toBe(21 * 60);
    // 2026-03-08 is 23 hours long in New York: from its first minute, midnight is 23 h away.
    const dstDay = Date.parse('2026-03-08T05:00:00Z');
    expect(Math.round(msUntilLocalMidnight(dstDay, 'America/New_York') / 60_000)).toBe(23 * 60);
  });
});
