import type { ProviderSettings } from '../config';

/** Settings for tests: the emulator's URL, short retry delays, generous budgets unless given. */
export function testSettings(baseUrl: string, overrides: Partial<ProviderSettings> = {}): ProviderSettings {
  return {
    stripeBaseUrl: baseUrl,
    timeoutMs: 5_000,
    budget: { livePerSecond: 1000, testPerSecond: 1000, endpointPerSecond: 1000, burstSeconds: 1 },
    maxWaitMs: 5_000,
    retry: { maxAttempts: 4, baseDelayMs: 20, maxDelayMs: 200 },
    ...overrides,
  };
}
