import { initialPollMode, nextPollMode } from './pollMode';

const settings = {
  pollIntervalMs: 15_000,
  pollIdleIntervalMs: 60_000,
  pollActiveForMs: 600_000,
  pollIntervalWithWebhooksMs: 300_000,
  webhooksHealthyForMs: 3_600_000,
  webhookGapGraceMs: 60_000,
};
const now = new Date('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
// Changed a minute ago: active, so the normal interval unless webhooks stretch it.
const changedAt = ago(60_000);
const normal = { intervalMs: 15_000, gapFoundAt: null, changedAt };
const stretched = { intervalMs: 300_000, gapFoundAt: null, changedAt };
const noWebhooks = { sourceReceivedAt: null, accountReceivedAt: null };
const idleRun = { trigger: 'schedule', events: 0 } as const;

describe('nextPollMode: webhooks', () => {
  it('stretches the poll while the source received a delivery recently, idle accounts included', () => {
    const activity = { sourceReceivedAt: ago(10_000), accountReceivedAt: null };
    expect(nextPollMode(settings, normal, activity, idleRun, now)).toEqual(stretched);
  });

  it('keeps the normal interval for a source without deliveries, or whose last one is too old', () => {
    expect(nextPollMode(settings, normal, noWebhooks, idleRun, now)).toEqual(normal);
    const stale = { sourceReceivedAt: ago(3_600_001), accountReceivedAt: ago(3_600_001) };
    expect(nextPollMode(settings, stretched, stale, idleRun, now)).toEqual(normal);
  });

  it('treats changes a scheduled poll finds, with no recent delivery for the account, as a gap: back to normal', () => {
    const activity = { sourceReceivedAt: ago(1_000), accountReceivedAt: ago(120_000) };
    expect(nextPollMode(settings, stretched, activity, { trigger: 'schedule', events: 2 }, now)).toEqual({
      intervalMs: 15_000,
      gapFoundAt: now,
      changedAt: now,
    });
  });

  it('is no gap when a delivery named the account within the grace (its poke and the poll crossed)', () => {
    const activity = { sourceReceivedAt: ago(1_000), accountReceivedAt: ago(5_000) };
    expect(nextPollMode(settings, stretched, activity, { trigger: 'schedule', events: 2 }, now)).toEqual({ ...stretched, changedAt: now });
    // Nor are changes found by a poll a webhook asked for.
    expect(
      nextPollMode(settings, stretched, { ...activity, accountReceivedAt: ago(120_000) }, { trigger: 'webhook', events: 2 }, now),
    ).toEqual({ ...stretched, changedAt: now });
  });

  it('stays normal after a gap until a delivery names the account again', () => {
    const gap = { ...normal, gapFoundAt: ago(30_000) };
    const before = { sourceReceivedAt: ago(1_000), accountReceivedAt: ago(40_000) };
    expect(nextPollMode(settings, gap, before, idleRun, now)).toEqual(gap);
    // A second unannounced change keeps the first gap's time: any delivery since then heals it.
    expect(nextPollMode(settings, gap, before, { trigger: 'schedule', events: 1 }, now)).toEqual({ ...gap, changedAt: now });
    const after = { sourceReceivedAt: ago(1_000), accountReceivedAt: ago(10_000) };
    expect(nextPollMode(settings, gap, after, { trigger: 'webhook', events: 1 }, now)).toEqual({ ...stretched, changedAt: now });
  });
});

describe('nextPollMode: idle accounts', () => {
  it('counts an account no poll has settled as changed now: the normal interval', () => {
    expect(nextPollMode(settings, initialPollMode(settings), noWebhooks, idleRun, now)).toEqual({ ...normal, changedAt: now });
  });

  it('polls at the idle interval once no change was found for the active period, and at the normal one on the next change', () => {
    const quiet = { ...normal, changedAt: ago(600_000) };
    const idle = { ...quiet, intervalMs: 60_000 };
    expect(nextPollMode(settings, quiet, noWebhooks, idleRun, now)).toEqual(idle);
    expect(nextPollMode(settings, idle, noWebhooks, idleRun, now)).toEqual(idle);
    expect(nextPollMode(settings, idle, noWebhooks, { trigger: 'schedule', events: 1 }, now)).toEqual({ ...normal, changedAt: now });
  });

  it('stays just under the active period at the normal interval', () => {
    const recent = { ...normal, changedAt: ago(599_999) };
    expect(nextPollMode(settings, recent, noWebhooks, idleRun, now)).toEqual(recent);
  });

  it('never polls an idle account more often than healthy webhooks allow', () => {
    const idleStretched = { ...stretched, changedAt: ago(3_600_000) };
    const activity = { sourceReceivedAt: ago(1_000), accountReceivedAt: null };
    expect(nextPollMode(settings, idleStretched, activity, idleRun, now)).toEqual(idleStretched);
  });
});
