/**
 * HubSpot's documented limits (usage guidelines; search guide), the defaults the pacer starts
 * from before a portal's answers tell it better (X-HubSpot-RateLimit-Max and -Daily).
 */
export const HUBSPOT_LIMITS = {
  /** Private apps and service keys on Free/Starter; Professional/Enterprise get 190 (learnt from headers). */
  defaultBurstPer10s: 100,
  /** Public OAuth apps, per installing portal, whatever the tier. */
  oauthBurstPer10s: 110,
  /** The lowest tier's daily limit per portal; larger tiers announce theirs in X-HubSpot-RateLimit-Daily. */
  defaultDaily: 250_000,
  /** Search: 5 requests per second per portal. A bucket of one token at 4/s never sends 6 in a second. */
  searchPerSecond: 5,
  searchBucketPerSecond: 4,
  /** A bucket at limit/11 per second holding one second never sends more than the limit in 10 s. */
  burstWindowDivisor: 11,
  /** Search answers at most 10,000 results per query and 200 per page; lists 100 per page. */
  searchResultCap: 10_000,
  searchPageSize: 200,
  listPageSize: 100,
  /** Batch reads (objects and associations) take 100 inputs. */
  batchSize: 100,
  /**
   * Longest URL sent: HubSpot documents none, but long `properties=` lists fail, and Airbyte's
   * connector keeps them under 15,000 characters; past it the connector reads by batch instead.
   */
  maxUrlLength: 15_000,
} as const;
