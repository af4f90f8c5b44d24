import type { RedisClient } from './redisClient';

// One round trip: count (or only read) the window's hits and report how long the window lasts.
// The window starts at its first hit; PEXPIRE is re-applied if a key somehow lost its expiry, so
// a key can never block forever.
const SCRIPT = `
local n
if ARGV[2] == '1' then
  n = redis.call('INCR', KEYS[1])
  if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
else
  n = tonumber(redis.call('GET', KEYS[1]) or '0')
end
local ttl = redis.call('PTTL', KEYS[1])
if n > 0 and ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`;

type WithWindowCommand = RedisClient & { fixedWindowHit(key: string, windowMs: number, increment: '1' | '0'): Promise<[number, number]> };

export interface WindowCount {
  /** Hits in the current window, this one included when counted. */
  count: number;
  /** Until the window ends. */
  retryAfterMs: number;
}

/** Fixed-window counters in Redis, shared by every replica of the API. */
export class FixedWindowCounter {
  private readonly redis: WithWindowCommand;

  constructor(
    redis: RedisClient,
    private readonly windowMs: number,
  ) {
    if (!('fixedWindowHit' in redis)) redis.defineCommand('fixedWindowHit', { numberOfKeys: 1, lua: SCRIPT });
    this.redis = redis as WithWindowCommand;
  }

  async hit(key: string): Promise<WindowCount> {
    const [count, ttl] = await this.redis.fixedWindowHit(key, this.windowMs, '1');
    return { count, retryAfterMs: Math.max(ttl, 0) };
  }

  async peek(key: string): Promise<WindowCount> {
    const [count, ttl] = await this.redis.fixedWindowHit(key, this.windowMs, '0');
    return { count, retryAfterMs: Math.max(ttl, 0) };
  }
}
