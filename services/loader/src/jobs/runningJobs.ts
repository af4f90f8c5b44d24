/** The jobs this loader process is running now, by job name and account (counted by the handlers' wrapper). */
export class RunningJobs {
  private readonly byName = new Map<string, Map<string, number>>();

  started(name: string, accountId = ''): void {
    const accounts = this.byName.get(name) ?? new Map<string, number>();
    accounts.set(accountId, (accounts.get(accountId) ?? 0) + 1);
    this.byName.set(name, accounts);
  }

  ended(name: string, accountId = ''): void {
    const accounts = this.byName.get(name);
    const n = accounts?.get(accountId) ?? 0;
    if (n <= 1) accounts?.delete(accountId);
    else accounts?.set(accountId, n - 1);
  }

  /** Jobs of that name running, leaving out those of the account `except`. */
  count(name: string, except?: string): number {
    let n = 0;
    for (const [accountId, count] of this.byName.get(name) ?? []) if (accountId !== except) n += count;
    return n;
  }
}
