import { ConfigError, describeEnv, parseConfig } from '@datasync/config';
import { dbEnv, type DbEnvConfig } from './dbEnv';

describe('dbEnv', () => {
  it('requires DATABASE_URL and defaults the pool size and statement timeout', () => {
    expect(parseConfig<DbEnvConfig>(dbEnv, { DATABASE_URL: 'postgres://u:p@db:5432/control' })).toEqual({
      DATABASE_URL: 'postgres://u:p@db:5432/control',
      DB_POOL_MAX: 10,
      DB_STATEMENT_TIMEOUT_MS: 30_000,
    });
  });

  it('names every bad variable', () => {
    let caught: unknown;
    try {
      parseConfig<DbEnvConfig>(dbEnv, { DATABASE_URL: 'mysql://h/d', DB_POOL_MAX: '0', DB_STATEMENT_TIMEOUT_MS: 'soon' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems.map((p) => p.split(':')[0])).toEqual([
      'DATABASE_URL',
      'DB_POOL_MAX',
      'DB_STATEMENT_TIMEOUT_MS',
    ]);
  });

  it('describes every variable', () => {
    for (const variable of describeEnv(dbEnv)) expect(variable.description).not.toBe('');
  });
});
