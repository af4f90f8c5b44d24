import type { RedisConnection } from '@datasync/queue';

// One round trip: refill the bucket for the time since its last grant (Redis's own clock, the
// same for every process), grant up to ARGV[3] whole tokens, and answer how long until the next
// whole token when fewer were granted. A key left alone expires once it would be full again, so
// a quiet key costs nothing and comes back full.
const SCRIPT = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local perMs = tonumber(ARGV[1]) / 1000
local burst = tonumber(ARGV[2])
local wanted = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * perMs)
local grant = math.min(wanted, math.floor(tokens))
tokens = tokens - grant
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / perMs) + 1)
local wait = 0
if grant < wanted then wait = math.ceil((1 - tokens) / perMs) end
return {grant, wait}
`;

type WithBucketCommand = RedisConnection & {
  leaseBucketTokens(key: string, perSecond: number, burst: number, wanted: number): Promise<[number, number]>;
};

export type Take = { ok: true } | { ok: false; retryAfterMs: number };

interface Lease {
  /** Tokens granted to this process and not spent yet. */
  tokens: number;
  /** Unspent tokens lapse then, so no process sits on a share of the bucket. */
  expiresAt: number;
  /** Redis granted fewer than asked: the bucket is empty everywhere until then. */
  emptyUntil: number;
  /** The next lease's size: doubles while the key stays busy, up to the most. */
  nextSize: number;
}

export interface BucketOptions {
  /** Tokens added per second. */
  perSecond: number;
  /** The most the bucket holds: a client quiet for a while may spend this many at once. */
  burst: number;
  /** The most tokens one lease takes. */
  maxLease: number;
  /** How long leased tokens stay spendable in this process. */
  leaseMs?: number;
  maxKeys?: number;
  now?: () => number;
}

/**
 * A token bucket per key (`perSecond`, holding at most `burst`), kept in Redis and shared by
 * every process, taken from Redis in leases instead of one round trip per token: a busy key costs
 * a round trip per lease (1, 2, 4… up to `maxLease` tokens), a quiet one a round trip per token.
 *
 * The guarantee across processes: Redis grants only tokens the bucket holds, so in any span of
 * T seconds all processes together spend at most `burst + perSecond × T`. The price is the other
 * way: tokens leased to one process and not spent there lapse after `leaseMs`, so a key spread
 * over P processes can be refused while up to (P − 1) × (maxLease − 1) tokens sit unspent
 * elsewhere. With one process it is exact.
 *
 * A key found empty is refused in this process, without Redis, until its next token is due.
 * Errors of the Redis call reject; the caller decides (the rate limits fail open).
 */
export class BucketLeases {
  private readonly redis: WithBucketCommand;
  private readonly leases = new Map<string, Lease>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    redis: RedisConnection,
    private readonly options: BucketOptions,
  ) {
    if (!('leaseBucketTokens' in redis)) redis.defineCommand('leaseBucketTokens', { numberOfKeys: 1, lua: SCRIPT });
    this.redis = redis as WithBucketCommand;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Spends one token of `key`, leasing more from Redis when this process holds none. */
  async take(key: string): Promise<Take> {
    for (;;) {
      const lease = this.leases.get(key);
      const now = this.now();
      if (lease && lease.expiresAt > now && lease.tokens > 0) {
        lease.tokens -= 1;
        return { ok: true };
      }
      if (lease && lease.emptyUntil > now) return { ok: false, retryAfterMs: lease.emptyUntil - now };
      // One lease request per key at a time: the requests that arrive meanwhile share what it brings.
      let pending = this.pending.get(key);
      if (!pending) {
        pending = this.lease(key, lease ? lease.nextSize : 1).finally(() => this.pending.delete(key));
        this.pending.set(key, pending);
      }
      await pending;
    }
  }

  private async lease(key: string, size: number): Promise<void> {
    const { perSecond, burst, maxLease, leaseMs = 1_000 } = this.options;
    const wanted = Math.min(size, maxLease);
    const [granted, waitMs] = await this.redis.leaseBucketTokens(key, perSecond, burst, wanted);
    const now = this.now();
    // Only a key with no token left asks, so nothing held is lost by replacing its lease.
    this.leases.delete(key);
    if (this.leases.size >= (this.options.maxKeys ?? 10_000)) this.leases.delete(this.leases.keys().next().value as string);
    this.leases.set(key, {
      tokens: granted,
      expiresAt: now + leaseMs,
      emptyUntil: granted < wanted ? now + Math.max(waitMs, 1) : 0,
      // A lease that found the bucket short starts small again: the key is at its rate, not bursting.
      nextSize: granted < wanted ? 1 : Math.min(wanted * 2, maxLease),
    });
  }
}
