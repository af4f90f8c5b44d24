import type { RedisConnection } from '@datasync/queue';

// One round trip: grant up to ARGV[3] of the window's ARGV[2] tokens, counting only what is
// granted, so the counter never passes the limit. The window (ARGV[1] ms) starts at its first
// grant; PEXPIRE is re-applied if a key somehow lost its expiry, so a key never blocks forever.
const SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
local grant = math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) - n)
if grant > 0 then
  n = redis.call('INCRBY', KEYS[1], grant)
else
  grant = 0
end
local ttl = redis.call('PTTL', KEYS[1])
if n > 0 and ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {grant, ttl}
`;

type WithLeaseCommand = RedisConnection & {
  leaseWindowTokens(key: string, windowMs: number, limit: number, wanted: number): Promise<[number, number]>;
};

export type Take = { ok: true } | { ok: false; retryAfterMs: number };

interface Lease {
  /** Tokens granted to this process and not spent yet. */
  tokens: number;
  /** The end of the Redis window they were granted in; unspent ones lapse with it. */
  expiresAt: number;
  /** Redis granted fewer than asked: the window is used up everywhere until it ends. */
  exhausted: boolean;
  /** The next lease's size: doubles with each lease of the window, up to the most. */
  nextSize: number;
}

/**
 * `limit` tokens per key per fixed window, counted in Redis and shared by every process, taken
 * from Redis in leases instead of one round trip per token: a busy key costs a round trip per
 * lease (1, 2, 4… up to `maxLease` tokens, doubling within a window), a quiet one a round trip
 * per token as before.
 *
 * The guarantee across processes: Redis grants tokens only while the window's count is below
 * the limit, so the tokens spent in a window, all processes together, never exceed `limit`
 * (no overshoot). The price is the other way: tokens leased to one process and not spent there
 * lapse at the window's end, so a key spread over P processes can be refused after at least
 * `limit - (P - 1) × (maxLease - 1)` tokens in a window. With one process it is exact.
 *
 * A key found used up is refused in this process until its window ends, without Redis. Errors
 * of the Redis call reject; the caller decides (the rate limits fail open).
 */
export class TokenLeases {
  private readonly redis: WithLeaseCommand;
  private readonly leases = new Map<string, Lease>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    redis: RedisConnection,
    private readonly options: { windowMs: number; limit: number; maxLease: number; maxKeys?: number; now?: () => number },
  ) {
    if (!('leaseWindowTokens' in redis)) redis.defineCommand('leaseWindowTokens', { numberOfKeys: 1, lua: SCRIPT });
    this.redis = redis as WithLeaseCommand;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Spends one token of `key`, leasing more from Redis when this process holds none. */
  async take(key: string): Promise<Take> {
    for (;;) {
      const lease = this.leases.get(key);
      const now = this.now();
      if (lease && lease.expiresAt > now) {
        if (lease.tokens > 0) {
          lease.tokens -= 1;
          return { ok: true };
        }
        if (lease.exhausted) return { ok: false, retryAfterMs: lease.expiresAt - now };
      }
      // One lease request per key at a time: the requests that arrive meanwhile share what it brings.
      let pending = this.pending.get(key);
      if (!pending) {
        pending = this.lease(key, lease && lease.expiresAt > now ? lease.nextSize : 1).finally(() => this.pending.delete(key));
        this.pending.set(key, pending);
      }
      await pending;
    }
  }

  private async lease(key: string, size: number): Promise<void> {
    const { windowMs, limit, maxLease } = this.options;
    const wanted = Math.min(size, maxLease);
    const [granted, ttl] = await this.redis.leaseWindowTokens(key, windowMs, limit, wanted);
    // The window's end as seen after the answer came back: never later than Redis's own.
    const expiresAt = this.now() + Math.max(ttl, 0);
    // Only a key with no token left asks, so nothing held is lost by replacing its lease.
    this.leases.delete(key);
    if (this.leases.size >= (this.options.maxKeys ?? 10_000)) this.leases.delete(this.leases.keys().next().value as string);
    this.leases.set(key, {
      tokens: granted,
      expiresAt,
      exhausted: granted < wanted,
      nextSize: Math.min(wanted * 2, maxLease),
    });
  }
}
