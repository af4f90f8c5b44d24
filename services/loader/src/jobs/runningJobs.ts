/** The jobs this loader process is running now, by job name (counted by the handlers' wrapper). */
export class RunningJobs {
  private readonly counts = new Map<string, number>();

  started(name: string): void {
    this.counts.set(name, this.count(name) + 1);
  }

  ended(name: string): void {
    this.counts.set(name, Math.max(0, this.count(name) - 1));
  }

  count(name: string): number {
    return this.counts.get(name) ?? 0;
  }
}
