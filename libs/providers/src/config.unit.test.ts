import { ConfigError, describeEnv, parseConfig } from '@datasync/config';
import { providerEnv, providerSettings, type ProviderEnv } from './config';

describe('providerEnv', () => {
  it('defaults to Stripe and its documented limits (a source spends its share of them)', () => {
    const settings = providerSettings(parseConfig<ProviderEnv>(providerEnv, {}));
    expect(settings.stripeBaseUrl).toBe('https://api.stripe.com');
    expect(settings.budget).toEqual({ livePerSecond: 100, testPerSecond: 25, endpointPerSecond: 25, burstSeconds: 1 });
  });

  it('reads overrides and rejects nonsense', () => {
    const env = parseConfig<ProviderEnv>(providerEnv, {
      PROVIDER_STRIPE_BASE_URL: 'http://127.0.0.1:12111',
      PROVIDER_RATE_TEST_PER_SECOND: '40',
    });
    expect(providerSettings(env)).toMatchObject({ stripeBaseUrl: 'http://127.0.0.1:12111', budget: { testPerSecond: 40 } });
    expect(() => parseConfig(providerEnv, { PROVIDER_RATE_LIVE_PER_SECOND: '-1', PROVIDER_STRIPE_BASE_URL: 'ftp://x' })).toThrow(
      ConfigError,
    );
  });

  it('describes every variable', () => {
    for (const { name, description } of describeEnv(providerEnv)) expect(`${name}: ${description}`).toMatch(/: \S/);
  });
});
