import { AppendJournal } from '../kit';
import type { EmulatorState } from '../state/emulatorState';
import { ChangeTracker } from './changeTracker';
import type { JournalRecord } from './journalRecords';
import { replayRecord } from './replayRecord';

const JOURNAL = 'journal.ndjson';

export interface JournalOpened {
  journal: StateJournal;
  /** Records replayed, and whether a torn last line (a crash mid-write) was left out. */
  replayed: number;
  tornTail: boolean;
}

/**
 * The Stripe emulator's state on disk: the kit's append-only journal (`journal.ndjson` in `dir`),
 * appended after every change and replayed on start. Each start rewrites it compacted (one record
 * per account, object, event…) so it does not grow with every update of the same object across restarts.
 */
export class StateJournal {
  private constructor(
    private readonly journal: AppendJournal<JournalRecord>,
    private readonly tracker: ChangeTracker,
  ) {}

  /** Replays `dir`'s journal into `state` (which must be empty), then keeps it up to date. */
  static open(dir: string, state: EmulatorState): JournalOpened {
    // Its first `changes()`, after the replay, is the whole state: the compacted journal.
    const tracker = new ChangeTracker(state);
    const { journal, replayed, tornTail } = AppendJournal.open<JournalRecord>(dir, JOURNAL, (record) => replayRecord(state, record), {
      compact: () => tracker.changes(),
    });
    return { journal: new StateJournal(journal, tracker), replayed, tornTail };
  }

  /**
   * Appends what changed since the last call. Synchronous, and called before a mutating request
   * is answered: once a client has its answer, a kill -9 can no longer lose the change.
   */
  save(): void {
    for (const record of this.tracker.changes()) this.journal.append(record);
    this.journal.save();
  }

  close(): void {
    this.save();
    this.journal.close();
  }

  get path(): string {
    return this.journal.path;
  }
}
