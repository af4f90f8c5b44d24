import { createHash } from 'node:crypto';
import type { RedisConnection } from '@datasync/queue';
import { createSecretBox, purposeKeys, type MasterKey, type SealedPlace, type SecretBox, type SecretBoxOptions } from '@datasync/crypto';
import { ServiceUnavailableError } from '@datasync/errors';

export interface StoredResponse {
  status: number;
  body: unknown;
}

// A done entry keeps the response sealed: it may hold a secret shown once (a link session's URL).
type Entry = { fingerprint: string; state: 'pending' } | { fingerprint: string; state: 'done'; sealed: string };

export type Begun = { kind: 'started' } | { kind: 'replay'; response: StoredResponse } | { kind: 'mismatch' } | { kind: 'in_progress' };

export interface IdempotencySettings {
  prefix: string;
  ttlMs: number;
  /** How long a request may hold its key unanswered; a crashed process frees it after this. */
  pendingMs?: number;
}

/**
 * How replays are sealed: `replays` under keys derived from the master keys for this purpose
 * only, bound to the Idempotency-Key's record; `legacy` (the master keys) opens the replays an
 * earlier version sealed, v1 envelopes only, until they expire or unbound envelopes are refused.
 */
export interface ReplayBoxes {
  replays: SecretBox;
  legacy: SecretBox;
}

export function replayBoxes(masterKeys: MasterKey[], options: SecretBoxOptions = {}): ReplayBoxes {
  return { replays: createSecretBox(purposeKeys(masterKeys, 'idempotency replay'), options), legacy: createSecretBox(masterKeys, options) };
}

// Long enough for a registration whose provider verification retries (3 attempts, 30 s timeout).
const DEFAULT_PENDING_MS = 120_000;

/**
 * Idempotency-Key records in Redis, per environment, kept `ttlMs` (24 h by default; docs/accounts-api.md). The key the
 * client chose is hashed, so whatever it contains never becomes part of a Redis key; the response
 * kept for replays is sealed for the environment and the key's record, so a copy of Redis holds
 * no usable link URL. It is sealed under a key of its own (ReplayBoxes): whoever can write Redis
 * or the database cannot make the API open a stored secret as a replay and answer with it, nor
 * a replay pass for a stored secret. Redis failing here is a 503: answering without the guarantee the client
 * asked for would be worse.
 */
export class IdempotencyStore {
  constructor(
    private readonly redis: RedisConnection,
    private readonly settings: IdempotencySettings,
    private readonly boxes: ReplayBoxes,
  ) {}

  /** Claims the key for a request with this fingerprint, or says what an earlier one left. */
  async begin(environmentId: string, key: string, fingerprint: string): Promise<Begun> {
    const redisKey = this.redisKey(environmentId, key);
    const pending: Entry = { fingerprint, state: 'pending' };
    // Two tries: an entry can expire between the failed SET NX and the GET.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const claimed = await this.call(() =>
        this.redis.set(redisKey, JSON.stringify(pending), 'PX', this.settings.pendingMs ?? DEFAULT_PENDING_MS, 'NX'),
      );
      if (claimed === 'OK') return { kind: 'started' };
      const raw = await this.call(() => this.redis.get(redisKey));
      if (raw === null) continue;
      const entry = JSON.parse(raw) as Entry;
      if (entry.fingerprint !== fingerprint) return { kind: 'mismatch' };
      return entry.state === 'done'
        ? { kind: 'replay', response: this.openResponse(entry.sealed, environmentId, key) }
        : { kind: 'in_progress' };
    }
    throw new ServiceUnavailableError();
  }

  async complete(environmentId: string, key: string, fingerprint: string, response: StoredResponse): Promise<void> {
    const sealed = this.boxes.replays.seal(JSON.stringify(response), environmentId, this.place(key));
    const entry: Entry = { fingerprint, state: 'done', sealed };
    await this.call(() => this.redis.set(this.redisKey(environmentId, key), JSON.stringify(entry), 'PX', this.settings.ttlMs));
  }

  /** Frees the key after a failure worth retrying (5xx, 429), so the retry runs. */
  async abandon(environmentId: string, key: string): Promise<void> {
    await this.call(() => this.redis.del(this.redisKey(environmentId, key)));
  }

  private openResponse(sealed: string, environmentId: string, key: string): StoredResponse {
    try {
      // Replays sealed before they had keys of their own are v1; the master keys open nothing else here.
      const text = sealed.startsWith('v1.')
        ? this.boxes.legacy.open(sealed, environmentId)
        : this.boxes.replays.open(sealed, environmentId, this.place(key));
      return JSON.parse(text) as StoredResponse;
    } catch {
      // Sealed with a key no longer configured, or not a replay: the replay cannot be given, nor may the request run again.
      throw new ServiceUnavailableError();
    }
  }

  private place(key: string): SealedPlace {
    return { table: 'idempotency_replays', column: 'response', rowId: hashKey(key) };
  }

  private redisKey(environmentId: string, key: string): string {
    return `${this.settings.prefix}:idem:${environmentId}:${hashKey(key)}`;
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch {
      throw new ServiceUnavailableError();
    }
  }
}

const hashKey = (key: string): string => createHash('sha256').update(key).digest('base64url');
