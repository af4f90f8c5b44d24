import { loadLauncherConfig } from './config';
import { planServices, type PlannedService } from './services';

// `npm start` points the services at the emulator and relaxes the network guards for this
// machine, but a variable the user exported wins: that is how a real Stripe test account is used.

const ports = {
  providerEmulator: 12111,
  configService: 4100,
  accountsApi: 4000,
  accountsApiMetrics: 9464,
  configServiceMetrics: 9465,
  loaders: [4200, 4201],
};
const shared = {
  databaseUrl: 'postgres://datasync@127.0.0.1:5999/datasync',
  redisUrl: 'redis://127.0.0.1:6999',
  secretsMasterKeys: 'k1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  emulatorStateDir: '/tmp/datasync-emulator',
};

function plan(userEnv: NodeJS.ProcessEnv): PlannedService[] {
  return planServices(loadLauncherConfig(userEnv), ports, shared, userEnv);
}

const envOf = (planned: PlannedService[], name: string) => {
  const found = planned.find((service) => service.name === name);
  if (!found) throw new Error(`no ${name} planned`);
  return found.spec.env ?? {};
};

const backends = ['config-service', 'accounts-api', 'loader-1', 'loader-2'];

it('points every backend at the emulator when the user set nothing', () => {
  const planned = plan({ PATH: '/usr/bin' });
  for (const name of backends) {
    expect(envOf(planned, name)).toMatchObject({
      PROVIDER_STRIPE_BASE_URL: 'http://127.0.0.1:12111',
      DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      PATH: '/usr/bin',
    });
  }
});

it("lets the user's provider base URL and other settings win over the launcher's defaults", () => {
  const planned = plan({
    PROVIDER_STRIPE_BASE_URL: 'https://api.stripe.com',
    DESTINATION_ALLOW_PRIVATE_NETWORKS: 'false',
    LOADER_CONCURRENCY: '4',
    OPS_OPERATOR_EMAILS: 'ops@example.com',
  });
  for (const name of backends) {
    expect(envOf(planned, name)).toMatchObject({
      PROVIDER_STRIPE_BASE_URL: 'https://api.stripe.com',
      DESTINATION_ALLOW_PRIVATE_NETWORKS: 'false',
      LOADER_CONCURRENCY: '4',
    });
  }
  expect(envOf(planned, 'config-service').OPS_OPERATOR_EMAILS).toBe('ops@example.com');
});

it('keeps what the launcher decided: each process its own port, the stores and keys it started with', () => {
  const planned = plan({ PORT: '9999', DATABASE_URL: 'postgres://someone@db.example.com/elsewhere' });
  expect(planned.map((service) => envOf(planned, service.name).PORT)).toEqual(['12111', '4100', '4000', '4200', '4201']);
  for (const name of backends) {
    expect(envOf(planned, name)).toMatchObject({
      DATABASE_URL: shared.databaseUrl,
      REDIS_URL: shared.redisUrl,
      SECRETS_MASTER_KEYS: shared.secretsMasterKeys,
    });
  }
});
