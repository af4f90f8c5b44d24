import { createHash } from 'node:crypto';

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/**
 * Remembers successful verifications for a few seconds, keyed by a hash of the whole
 * Authorization header (never the header itself). Only successes are kept, so guesses cannot
 * fill it; a revocation in this process drops the entry at once, one in another process takes
 * effect within `ttlMs`.
 */
export class VerifiedCache<T extends { clientId: string }> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  private key(header: string): string {
    return createHash('sha256').update(header).digest('base64url');
  }

  get(header: string): T | undefined {
    if (this.ttlMs <= 0) return undefined;
    const key = this.key(header);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(header: string, value: T): void {
    if (this.ttlMs <= 0) return;
    // Maps iterate in insertion order: dropping the first entry drops the oldest.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(this.key(header), { value, expiresAt: this.now() + this.ttlMs });
  }

  forget(clientId: string): void {
    for (const [key, entry] of this.entries) if (entry.value.clientId === clientId) this.entries.delete(key);
  }
}
