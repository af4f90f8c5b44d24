import { percentile } from '../percentile';
import { mapBounded } from './pool';
import type { ScaleAccount, ScaleSystem } from './system';

export interface AttachResult {
  /** From the first POST /accounts to the last one's 200, s. */
  attachSeconds: number;
  answeredP50: number;
  answeredP95: number;
  /** From the first POST to every account having a row / all its rows in the destination, s. */
  everyFirstRow: number;
  everyAllRows: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Attaches every account through the accounts API (at most `concurrency` requests in flight, 429s
 * waited out) while watching the destination for each account's first and last rows.
 */
export async function attachAll(
  system: ScaleSystem,
  accounts: ScaleAccount[],
  options: { concurrency: number; charges: number; deadline: number },
): Promise<AttachResult> {
  const started = Date.now();
  const answered: number[] = [];
  let attachSeconds = NaN;
  let failure: unknown;
  const posting = mapBounded(accounts, options.concurrency, async (account) => {
    const sent = Date.now();
    await system.attach(account);
    answered.push((Date.now() - sent) / 1000);
  }).then(
    () => (attachSeconds = (Date.now() - started) / 1000),
    (err: unknown) => (failure = err),
  );
  const wanted = new Set(accounts.map((a) => a.id));
  let everyFirstRow = NaN;
  let lastReport = started;
  for (;;) {
    if (failure) throw failure;
    if (Date.now() > options.deadline) throw new Error('the accounts were not all loaded before the deadline');
    const rows = await system.stack.rowsPerAccount();
    let withRows = 0;
    let loaded = 0;
    for (const [id, n] of rows) {
      if (!wanted.has(id)) continue;
      withRows += 1;
      if (n >= options.charges) loaded += 1;
    }
    const now = (Date.now() - started) / 1000;
    if (withRows === accounts.length && Number.isNaN(everyFirstRow)) everyFirstRow = now;
    if (loaded === accounts.length && !Number.isNaN(attachSeconds)) {
      await posting;
      return {
        attachSeconds,
        answeredP50: percentile(answered, 50),
        answeredP95: percentile(answered, 95),
        everyFirstRow,
        everyAllRows: now,
      };
    }
    if (Date.now() - lastReport > 15_000) {
      lastReport = Date.now();
      process.stdout.write(`  ${now.toFixed(0)} s: ${answered.length} attached, ${withRows} with rows, ${loaded} loaded\n`);
    }
    await sleep(1_000);
  }
}
