import fs from 'node:fs';
import path from 'node:path';
import type { EmulatorState } from '../state/emulatorState';
import { ChangeTracker } from './changeTracker';
import type { JournalRecord } from './journalRecords';
import { CorruptJournalError, replayRecord } from './replayRecord';

const JOURNAL = 'journal.ndjson';

export interface JournalOpened {
  journal: StateJournal;
  /** Records replayed, and whether a torn last line (a crash mid-write) was left out. */
  replayed: number;
  tornTail: boolean;
}

/**
 * The emulator's state on disk: one NDJSON journal in `dir`, appended after every change and
 * replayed on start. Each start rewrites it compacted (one record per account, object, event…)
 * so it does not grow with every update of the same object across restarts.
 */
export class StateJournal {
  private constructor(
    private readonly file: string,
    private readonly tracker: ChangeTracker,
    private fd: number,
  ) {}

  /** Replays `dir`'s journal into `state` (which must be empty), then keeps it up to date. */
  static open(dir: string, state: EmulatorState): JournalOpened {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, JOURNAL);
    const { records, tornTail } = readJournal(file);
    records.forEach((record, line) => {
      try {
        replayRecord(state, record);
      } catch (err) {
        throw new CorruptJournalError(`${file} line ${line + 1}: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
    const tracker = new ChangeTracker(state);
    writeCompacted(file, tracker.changes());
    const journal = new StateJournal(file, tracker, fs.openSync(file, 'a'));
    return { journal, replayed: records.length, tornTail };
  }

  /**
   * Appends what changed since the last call. Synchronous, and called before a mutating request
   * is answered: once a client has its answer, a kill -9 can no longer lose the change.
   */
  save(): void {
    const records = this.tracker.changes();
    if (records.length === 0) return;
    fs.writeSync(this.fd, toLines(records));
  }

  close(): void {
    this.save();
    fs.closeSync(this.fd);
    this.fd = -1;
  }

  get path(): string {
    return this.file;
  }
}

function readJournal(file: string): { records: JournalRecord[]; tornTail: boolean } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], tornTail: false };
    throw err;
  }
  const lines = text.split('\n');
  const records: JournalRecord[] = [];
  let tornTail = false;
  lines.forEach((line, i) => {
    if (line === '') return;
    try {
      records.push(JSON.parse(line) as JournalRecord);
    } catch {
      // Only the last line can be cut short by a crash; anything else is damage worth stopping for.
      if (i === lines.length - 1) tornTail = true;
      else throw new CorruptJournalError(`${file} line ${i + 1} is not JSON`);
    }
  });
  return { records, tornTail };
}

function writeCompacted(file: string, records: JournalRecord[]): void {
  const temporary = `${file}.tmp`;
  const fd = fs.openSync(temporary, 'w');
  try {
    fs.writeSync(fd, toLines(records));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, file);
}

function toLines(records: JournalRecord[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}
