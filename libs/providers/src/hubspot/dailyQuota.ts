import type { Cluster, Redis } from 'ioredis';
import { localDate } from './portalTime';

const TWO_DAYS_S = 2 * 86_400;

/**
 * Requests of one portal-local day, counted in Redis so every process spends the same day.
 * HubSpot's daily limit resets at midnight in the portal's time zone, so the key is that date:
 * a new day is a new key, and yesterday's expires by itself.
 */
export class DailyQuota {
  constructor(
    private readonly redis: Redis | Cluster,
    private readonly prefix: string,
  ) {}

  /** Counts one request; false (and nothing counted) when the day's `limit` is spent. */
  async take(portalId: string, timeZone: string, now: number, limit: number): Promise<boolean> {
    const key = `${this.prefix}:budget:{hubspot:${portalId}}:daily:${localDate(now, timeZone)}`;
    const used = await this.redis.incr(key);
    if (used === 1) await this.redis.expire(key, TWO_DAYS_S);
    if (used <= limit) return true;
    await this.redis.decr(key);
    return false;
  }
}
