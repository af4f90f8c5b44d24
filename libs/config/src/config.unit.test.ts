import { ConfigError, Joi, commonEnv, describeEnv, parseConfig } from './index';

interface Sample {
  NODE_ENV: string;
  LOG_LEVEL: string;
  PORT: number;
  DATABASE_URL: string;
}

const schema = {
  ...commonEnv,
  PORT: Joi.number().port().default(4000).description('port'),
  DATABASE_URL: Joi.string().uri().required().description('control-plane Postgres'),
};

describe('parseConfig', () => {
  it('converts, applies defaults and keeps only the variables the schema knows', () => {
    const config = parseConfig<Sample>(schema, { DATABASE_URL: 'postgres://localhost/x', PORT: '4001', HOME: '/root' });
    expect(config).toEqual({ NODE_ENV: 'development', LOG_LEVEL: 'info', PORT: 4001, DATABASE_URL: 'postgres://localhost/x' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every bad variable at once', () => {
    let caught: unknown;
    try {
      parseConfig<Sample>(schema, { PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^LOG_LEVEL: must be one of/m);
    expect(problems).toMatch(/^PORT: must be a number/m);
    expect(problems).toMatch(/^DATABASE_URL: is required/m);
    expect((caught as ConfigError).problems).toHaveLength(3);
  });

  it('describes the variables for docs/configuration.md', () => {
    expect(describeEnv(schema).map((v) => v.name)).toEqual(['NODE_ENV', 'LOG_LEVEL', 'PORT', 'DATABASE_URL']);
    expect(describeEnv(schema)[3]?.description).toBe('control-plane Postgres');
  });
});
