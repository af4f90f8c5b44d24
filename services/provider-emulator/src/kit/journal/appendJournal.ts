import fs from 'node:fs';
import path from 'node:path';

export class CorruptJournalError extends Error {}

export interface OpenOptions<R> {
  /**
   * The state just replayed, as the fewest records that rebuild it: given, the file is rewritten
   * with them on every start, so it does not grow with every update of the same thing across restarts.
   */
  compact?: () => R[];
}

/**
 * A provider's state on disk as an append-only NDJSON file of the changes made to it, replayed
 * on start. A provider records each change when it makes it (`append`) and the HTTP layer calls
 * `save` before it answers, so a change a client has heard of survives a kill -9. Provider
 * neutral: the records are the provider's own; replay hands each back to it.
 */
export class AppendJournal<R> {
  private pending: R[] = [];
  private fd: number;

  private constructor(
    readonly path: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  /** Replays `dir/name` through `replay` (a torn last line, from a crash mid-write, is left out). */
  static open<R>(
    dir: string,
    name: string,
    replay: (record: R) => void,
    options: OpenOptions<R> = {},
  ): { journal: AppendJournal<R>; replayed: number; tornTail: boolean } {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, name);
    const { records, tornTail } = readRecords<R>(file);
    records.forEach((record, line) => {
      try {
        replay(record);
      } catch (err) {
        throw new CorruptJournalError(`${file} line ${line + 1}: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
    if (options.compact) rewrite(file, options.compact());
    else if (tornTail) rewrite(file, records);
    return { journal: new AppendJournal<R>(file, fs.openSync(file, 'a')), replayed: records.length, tornTail };
  }

  append(record: R): void {
    this.pending.push(record);
  }

  /** Writes what was appended since the last call; synchronous, so it lands before the answer. */
  save(): void {
    if (this.pending.length === 0 || this.fd < 0) return;
    fs.writeSync(this.fd, toLines(this.pending));
    this.pending = [];
  }

  close(): void {
    this.save();
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = -1;
  }
}

function readRecords<R>(file: string): { records: R[]; tornTail: boolean } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], tornTail: false };
    throw err;
  }
  const lines = text.split('\n');
  const records: R[] = [];
  let tornTail = false;
  lines.forEach((line, i) => {
    if (line === '') return;
    try {
      records.push(JSON.parse(line) as R);
    } catch {
      if (i === lines.length - 1) tornTail = true;
      else throw new CorruptJournalError(`${file} line ${i + 1} is not JSON`);
    }
  });
  return { records, tornTail };
}

// A torn tail is cut off before appending again, or the next record would be glued to it. The new
// file is on disk before it replaces the old one: a crash mid-rewrite leaves one of the two whole.
function rewrite<R>(file: string, records: R[]): void {
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

function toLines<R>(records: R[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}
