import { ConfigError, describeEnv, parseConfig } from '@datasync/config';
import { configSchema, type EmulatorConfig } from './config';

describe('configSchema', () => {
  it('has defaults for everything: the emulator starts with an empty environment', () => {
    const config = parseConfig<EmulatorConfig>(configSchema, {});
    expect(config.PORT).toBe(12111);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.EMULATOR_DEFAULT_OBJECTS.charges).toBe(2000);
    expect(config.EMULATOR_LATENCY_MS).toEqual({ min: 80, max: 200, perItemMs: 3 });
  });

  it('reads object counts and latency ranges', () => {
    const config = parseConfig<EmulatorConfig>(configSchema, {
      EMULATOR_DEFAULT_OBJECTS: 'charges=5, customers=2',
      EMULATOR_LATENCY_MS: '5-9',
    });
    expect(config.EMULATOR_DEFAULT_OBJECTS).toEqual({ charges: 5, customers: 2 });
    expect(config.EMULATOR_LATENCY_MS).toEqual({ min: 5, max: 9 });
    expect(parseConfig<EmulatorConfig>(configSchema, { EMULATOR_DEFAULT_OBJECTS: '100' }).EMULATOR_DEFAULT_OBJECTS).toEqual({ '*': 100 });
  });

  it('refuses object counts for resources it cannot generate', () => {
    expect(() => parseConfig<EmulatorConfig>(configSchema, { EMULATOR_DEFAULT_OBJECTS: 'charges=1,dragons=2' })).toThrow(
      'EMULATOR_DEFAULT_OBJECTS: names an unknown resource "dragons"',
    );
  });

  it('names every bad variable', () => {
    let caught: unknown;
    try {
      parseConfig<EmulatorConfig>(configSchema, { EMULATOR_DEFAULT_OBJECTS: 'lots', EMULATOR_LATENCY_MS: '9-5', PORT: 'x' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect(caught instanceof ConfigError ? caught.problems.map((p) => p.split(':')[0]).sort() : []).toEqual([
      'EMULATOR_DEFAULT_OBJECTS',
      'EMULATOR_LATENCY_MS',
      'PORT',
    ]);
  });

  it('describes every variable', () => {
    for (const variable of describeEnv(configSchema)) expect(variable.description).not.toBe('');
  });
});
