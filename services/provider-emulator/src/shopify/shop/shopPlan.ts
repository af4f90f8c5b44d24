/**
 * Shopify's plans and their GraphQL Admin restore rates, points per second ("GraphQL Admin API
 * rate limits"). The bucket's capacity is not in that table; the emulator holds 20 seconds of
 * restore (2,000 points on Standard, what Shopify's `maximumAvailable` shows on such shops).
 */
export const SHOP_PLANS = {
  basic: { displayName: 'Basic', restoreRate: 100, shopifyPlus: false },
  advanced: { displayName: 'Advanced', restoreRate: 200, shopifyPlus: false },
  plus: { displayName: 'Plus', restoreRate: 1_000, shopifyPlus: true },
  enterprise: { displayName: 'Shopify for enterprise', restoreRate: 2_000, shopifyPlus: true },
} as const;

export type ShopPlanName = keyof typeof SHOP_PLANS;

export const BUCKET_SECONDS = 20;

/** Shopify refuses a single query above this cost, whatever the bucket holds. */
export const MAX_SINGLE_QUERY_COST = 1_000;
