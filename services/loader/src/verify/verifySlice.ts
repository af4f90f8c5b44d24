/**
 * How long a verification job walks before it yields its worker slot. A slice is there so that
 * other accounts' backfill pages get the slot; when none waits for one at its end, the job goes on
 * for another slice instead: a yield costs a page per part (each resume lists the last second
 * reached again) and the time to take the job up again, for nobody's benefit. A stopping process
 * ends the slice at once, whatever waits: its shutdown is bounded, and the job goes on elsewhere
 * from the saved windows.
 */
export class VerifySlice {
  private endsAt: number;
  private asking: Promise<boolean> | undefined;

  constructor(
    private readonly sliceMs: number,
    /** Whether jobs wait for a slot of the job's queue. */
    private readonly othersWaiting: () => Promise<boolean>,
    /** Whether the process is stopping (LoaderDeps.stopping). */
    private readonly stopping: () => boolean = () => false,
  ) {
    this.endsAt = Date.now() + sliceMs;
  }

  /** The slice is spent: windows close at their next page, so the parts can stop together. */
  spent(): boolean {
    return this.stopping() || Date.now() >= this.endsAt;
  }

  /**
   * True when the job must yield now: the process is stopping, or its slice is spent and other
   * jobs wait for a slot. With none waiting the slice is renewed. The parts ask side by side and share one answer.
   */
  async over(): Promise<boolean> {
    if (this.stopping()) return true;
    if (!this.spent()) return false;
    this.asking ??= this.othersWaiting().then((waiting) => {
      if (!waiting) this.endsAt = Date.now() + this.sliceMs;
      this.asking = undefined;
      return waiting;
    });
    return this.asking;
  }
}
