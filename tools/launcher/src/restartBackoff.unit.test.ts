import { DEFAULT_RESTART_BACKOFF, formatDelay, nextRestartDelay } from './restartBackoff';

const policy = DEFAULT_RESTART_BACKOFF;

it('waits half a second before the first restart', () => {
  expect(nextRestartDelay(policy, undefined, 0)).toBe(500);
  expect(nextRestartDelay(policy, undefined, 10 * 60_000)).toBe(500);
});

it('doubles the wait for a child that keeps crashing soon after it starts, up to 30 s', () => {
  const waits: number[] = [];
  let delay: number | undefined;
  for (let crash = 0; crash < 10; crash++) {
    delay = nextRestartDelay(policy, delay, 100);
    waits.push(delay);
  }
  expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
});

it('starts over once the child had run healthily for a minute', () => {
  expect(nextRestartDelay(policy, 30_000, 59_999)).toBe(30_000);
  expect(nextRestartDelay(policy, 30_000, 60_000)).toBe(500);
  expect(nextRestartDelay(policy, 8000, 5 * 60_000)).toBe(500);
});

it('follows the policy it is given', () => {
  const quick = { initialMs: 100, factor: 3, maxMs: 1000, healthyAfterMs: 5000 };
  expect([nextRestartDelay(quick, undefined, 0), nextRestartDelay(quick, 100, 0), nextRestartDelay(quick, 900, 0)]).toEqual([
    100, 300, 1000,
  ]);
  expect(nextRestartDelay(quick, 900, 5000)).toBe(100);
});

it('says the wait in seconds', () => {
  expect([formatDelay(500), formatDelay(1000), formatDelay(16_000), formatDelay(30_000), formatDelay(1250)]).toEqual([
    '0.5 s',
    '1 s',
    '16 s',
    '30 s',
    '1.3 s',
  ]);
});
