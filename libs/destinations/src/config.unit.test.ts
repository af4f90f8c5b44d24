import { ConfigError, commonEnv, parseConfig } from '@datasync/config';
import { destinationsEnv } from './config';

const schema = { ...commonEnv, ...destinationsEnv };

describe('destinationsEnv', () => {
  it('allows private networks in development and tests only', () => {
    expect(parseConfig(schema, { NODE_ENV: 'development', DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true' })).toMatchObject({
      DESTINATION_ALLOW_PRIVATE_NETWORKS: true,
    });
    expect(parseConfig(schema, { NODE_ENV: 'test', DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true' })).toMatchObject({
      DESTINATION_ALLOW_PRIVATE_NETWORKS: true,
    });
    expect(parseConfig(schema, { NODE_ENV: 'production' })).toMatchObject({ DESTINATION_ALLOW_PRIVATE_NETWORKS: false });
    expect(() => parseConfig(schema, { NODE_ENV: 'production', DESTINATION_ALLOW_PRIVATE_NETWORKS: 'true' })).toThrow(
      new ConfigError(['DESTINATION_ALLOW_PRIVATE_NETWORKS: must not be true when NODE_ENV=production (development and tests only)']),
    );
  });
});
