import { RunningJobs } from '../jobs/runningJobs';
import { afterFirstRows } from './firstRowsFirst';

const elapsed = async (work: () => Promise<void>): Promise<number> => {
  const started = Date.now();
  await work();
  return Date.now() - started;
};

describe('afterFirstRows', () => {
  it('lets a page go at once when no attach runs', async () => {
    const running = new RunningJobs();
    running.started('segment.load');
    expect(await elapsed(() => afterFirstRows({ running }, 'acct-loading'))).toBeLessThan(100);
  });

  it('holds a page while an attach runs, and lets it go when the attach ends', async () => {
    const running = new RunningJobs();
    running.started('account.attach', 'acct-new');
    setTimeout(() => running.ended('account.attach', 'acct-new'), 60);
    const waited = await elapsed(() => afterFirstRows({ running }, 'acct-loading'));
    expect(waited).toBeGreaterThanOrEqual(50);
    // Well before the 250 ms bound: it went when the attach ended.
    expect(waited).toBeLessThan(200);
  });

  it("is not held by its own account's attach", async () => {
    const running = new RunningJobs();
    running.started('account.attach', 'acct-loading');
    expect(await elapsed(() => afterFirstRows({ running }, 'acct-loading'))).toBeLessThan(100);
  });

  it('never holds a page longer than its bound, however long attaches go on', async () => {
    const running = new RunningJobs();
    running.started('account.attach', 'acct-new');
    const waited = await elapsed(() => afterFirstRows({ running }, 'acct-loading'));
    expect(waited).toBeGreaterThanOrEqual(240);
    expect(waited).toBeLessThan(1_000);
  });
});
