import { nextPollMode } from './webhookPollMode';

const settings = {
  pollIntervalMs: 15_000,
  pollIntervalWithWebhooksMs: 300_000,
  webhooksHealthyForMs: 3_600_000,
  webhookGapGraceMs: 60_000,
};
const now = new Date('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const normal = { intervalMs: 15_000, gapFoundAt: null };
const stretched = { intervalMs: 300_000, gapFoundAt: null };

describe('nextPollMode', () => {
  it('stretches the poll while the source received a delivery recently, idle accounts included', () => {
    const activity = { sourceReceivedAt: ago(10_000), accountReceivedAt: null };
    expect(nextPollMode(settings, normal, activity, { trigger: 'schedule', events: 0 }, now)).toEqual(stretched);
  });

  it('keeps the normal interval for a source without deliveries, or whose last one is too old', () => {
    expect(
      nextPollMode(settings, normal, { sourceReceivedAt: null, accountReceivedAt: null }, { trigger: 'schedule', events: 3 }, now),
    ).toEqual(normal);
    const stale = { sourceReceivedAt: ago(3_600_001), accountReceivedAt: ago(3_600_001) };
    expect(nextPollMode(settings, stretched, stale, { trigger: 'schedule', events: 0 }, now)).toEqual(normal);
  });

  it('treats changes a scheduled poll finds, with no recent delivery for the account, as a gap: back to normal', () => {
    const activity = { sourceReceivedAt: ago(1_000), accountReceivedAt: ago(120_000) };
    expect(nextPollMode(settings, stretched, activity, { trigger: 'schedule', events: 2 }, now)).toEqual({
      intervalMs: 15_000,
      gapFoundAt: now,
    });
  });

  it('is no gap when a delivery named the account within the grace (its poke and the poll crossed)', () => {
    const activity = { sourceReceivedAt: ago(1_000), accountReceivedAt: ago(5_000) };
    expect(nextPollMode(settings, stretched, activity, { trigger: 'schedule', events: 2 }, now)).toEqual(stretched);
    // Nor are changes found by a poll a webhook asked for.
    expect(
      nextPollMode(settings, stretched, { ...activity, accountReceivedAt: ago(120_000) }, { trigger: 'webhook', events: 2 }, now),
    ).toEqual(stretched);
  });

  it('stays normal after a gap until a delivery names the account again', () => {
    const gap = { intervalMs: 15_000, gapFoundAt: ago(30_000) };
    const before = { sourceReceivedAt: ago(1_000), accountReceivedAt: ago(40_000) };
    expect(nextPollMode(settings, gap, before, { trigger: 'schedule', events: 0 }, now)).toEqual(gap);
    const after = { sourceReceivedAt: ago(1_000), accountReceivedAt: ago(10_000) };
    expect(nextPollMode(settings, gap, after, { trigger: 'webhook', events: 1 }, now)).toEqual(stretched);
  });
});
