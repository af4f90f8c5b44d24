/** Shopify's DateTime: ISO 8601 in UTC, seconds precision (`2026-01-02T03:04:05Z`). */
export function dateTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `MoneyV2`: a decimal string and a currency code. */
export function moneyV2(amount: string, currencyCode: string): Record<string, string> {
  return { amount, currencyCode };
}

/** `MoneyBag`: the shop's money and the buyer's; the emulator's shops sell in one currency. */
export function moneyBag(amount: string, currencyCode: string): Record<string, unknown> {
  return { shopMoney: moneyV2(amount, currencyCode), presentmentMoney: moneyV2(amount, currencyCode) };
}

export function sumMoney(amounts: string[]): string {
  return (amounts.reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0) / 100).toFixed(2);
}
