import type { ScaleAccount, ScaleSystem } from './system';

export interface ChangingAccount {
  account: ScaleAccount;
  chargeIds: string[];
}

export interface ChangeResult {
  made: number;
  /** Changes left out because every charge of their account still waited for an earlier change. */
  skipped: number;
  /** Each seen change's time from before its admin update to the destination's row showing it, ms. */
  times: number[];
  /** Changes the destination had not shown when the wait ended. */
  unseen: number;
}

export interface RunningChanges {
  /** Resolves when the last change has been made at the provider (the window's end). */
  made: Promise<void>;
  /** Waits at most `timeoutMs` for the changes still on their way, then tells what was measured. */
  settle(timeoutMs: number): Promise<ChangeResult>;
}

const CHECK_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Over `windowMs`, each changing account gets a change every `everyMs` at a phase of its own (so
 * changes are spread evenly, as many independent accounts' are): a new description on one of its
 * charges, through the emulator's admin update, which emits the `charge.updated` event a poll
 * finds. A watcher reads the destination until each change shows.
 */
export function startChanges(
  system: ScaleSystem,
  changing: ChangingAccount[],
  options: { windowMs: number; everyMs: number },
): RunningChanges {
  const pending = new Map<string, { expected: string; started: number }>();
  const times: number[] = [];
  let skipped = 0;
  let count = 0;
  let failure: unknown;
  const started = Date.now();
  const plan: { at: number; target: ChangingAccount }[] = [];
  for (const target of changing) {
    for (let at = Math.random() * options.everyMs; at < options.windowMs; at += options.everyMs) plan.push({ at, target });
  }
  plan.sort((a, b) => a.at - b.at);
  const turn = new Map<string, number>();

  const change = async (target: ChangingAccount) => {
    const offset = turn.get(target.account.id) ?? 0;
    const chargeId = target.chargeIds
      .map((_, i) => target.chargeIds[(offset + i) % target.chargeIds.length] as string)
      .find((id) => !pending.has(id));
    if (!chargeId) {
      skipped += 1;
      return;
    }
    turn.set(target.account.id, offset + 1);
    count += 1;
    const expected = `scale change ${count}`;
    pending.set(chargeId, { expected, started: Date.now() });
    await system.describe(target.account, chargeId, expected);
  };

  const inFlight: Promise<void>[] = [];
  const made = (async () => {
    for (const { at, target } of plan) {
      const wait = started + at - Date.now();
      if (wait > 0) await sleep(wait);
      inFlight.push(change(target).catch((err: unknown) => void (failure ??= err)));
    }
    await Promise.all(inFlight);
    const rest = started + options.windowMs - Date.now();
    if (rest > 0) await sleep(rest);
  })();

  let watching = true;
  const watcher = (async () => {
    while (watching) {
      if (pending.size > 0) {
        const seen = await system.descriptions([...pending.keys()]);
        const now = Date.now();
        for (const [id, p] of pending) {
          if (seen.get(id) === p.expected) {
            times.push(now - p.started);
            pending.delete(id);
          }
        }
      }
      await sleep(CHECK_MS);
    }
  })();

  return {
    made,
    async settle(timeoutMs) {
      await made;
      const deadline = Date.now() + timeoutMs;
      while (pending.size > 0 && Date.now() < deadline && !failure) await sleep(CHECK_MS);
      watching = false;
      await watcher;
      if (failure) throw failure;
      return { made: count, skipped, times, unseen: pending.size };
    },
  };
}
