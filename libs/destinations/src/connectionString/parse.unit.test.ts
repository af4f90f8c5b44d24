import fc from 'fast-check';
import { ConnectionStringError } from '../errors';
import { maskConnectionString } from './mask';
import { parseConnectionString } from './parse';

function parseError(engine: string, text: string): ConnectionStringError {
  try {
    parseConnectionString(engine, text);
  } catch (err) {
    if (err instanceof ConnectionStringError) return err;
    throw err;
  }
  throw new Error(`parsed: ${text}`);
}

describe('parseConnectionString', () => {
  it('reads every field of a Postgres string, with defaults', () => {
    expect(parseConnectionString('postgres', 'postgres://loader:s3cret@db.example.com:6543/analytics')).toEqual({
      engine: 'postgres',
      user: 'loader',
      password: 's3cret',
      host: 'db.example.com',
      port: 6543,
      database: 'analytics',
      schema: 'public',
      sslmode: 'prefer',
      connectTimeoutSeconds: 10,
    });
  });

  it('accepts postgresql://, the three parameters, and uses the database as the MySQL schema', () => {
    const pg = parseConnectionString(
      'postgres',
      'postgresql://u:p@DB.Example.com:5432/d?sslmode=verify-full&schema=stripe_data&connect_timeout=5',
    );
    expect(pg).toMatchObject({ host: 'db.example.com', schema: 'stripe_data', sslmode: 'verify-full', connectTimeoutSeconds: 5 });
    const my = parseConnectionString('mysql', 'mysql://u:p@db.example.com:3306/shop?sslmode=require');
    expect(my).toMatchObject({ engine: 'mysql', database: 'shop', schema: 'shop', sslmode: 'require', port: 3306 });
  });

  it('percent-decodes user and password and takes the last @ as the end of the password', () => {
    const fields = parseConnectionString('postgres', 'postgres://us%40er:p%40ss%3Aw%2Fo%3Frd@db.example.com:5432/d');
    expect(fields).toMatchObject({ user: 'us@er', password: 'p@ss:w/o?rd' });
    expect(parseConnectionString('postgres', 'postgres://u:p@s:s@db.example.com:5432/d').password).toBe('p@s:s');
  });

  it('reads IPv6 hosts in brackets and IPv4 literals', () => {
    expect(parseConnectionString('postgres', 'postgres://u:p@[2001:DB8::1]:5433/d')).toMatchObject({ host: '2001:db8::1', port: 5433 });
    expect(parseConnectionString('mysql', 'mysql://u:p@203.0.113.7/d')).toMatchObject({ host: '203.0.113.7', port: 3306 });
  });

  it.each([
    ['host', 'postgres://u:p@db.example.com:5432/d?host=127.0.0.1'],
    ['hostaddr', 'postgres://u:p@db.example.com:5432/d?hostaddr=10.0.0.1'],
    ['sslrootcert', 'postgres://u:p@db.example.com:5432/d?sslrootcert=/etc/passwd'],
    ['options', 'postgres://u:p@db.example.com:5432/d?options=-c%20search_path%3Dx'],
    ['application_name', 'postgres://u:p@db.example.com:5432/d?sslmode=require&application_name=x'],
    ['schema', 'mysql://u:p@db.example.com:3306/d?schema=other'],
  ])('refuses the parameter %s, naming it', (name, text) => {
    const err = parseError(text.startsWith('mysql') ? 'mysql' : 'postgres', text);
    expect(err.message).toBe(
      `The connection string parameter "${name}" is not accepted; accepted parameters: ${text.startsWith('mysql') ? 'sslmode, connect_timeout' : 'sslmode, schema, connect_timeout'}.`,
    );
    expect(err.toBody()).toEqual({
      type: 'invalid_request_error',
      message: err.message,
      code: 'connection_string_invalid',
      param: 'connection_string',
    });
  });

  it.each([
    ['mysql://u:p@db.example.com:5432/d', 'A PostgreSQL connection string starts with postgres:// or postgresql://.'],
    ['postgres://db.example.com:5432/d', 'The connection string has no user; write <user>:<password>@ before the host.'],
    ['postgres://u:p@db.example.com:5432', 'The connection string has no database; end it with /<database>.'],
    ['postgres://u:p@db.example.com:5432/', 'The connection string has no database; end it with /<database>.'],
    ['postgres://u:p@db.example.com:0/d', 'The port must be a number between 1 and 65535.'],
    ['postgres://u:p@db.example.com:65536/d', 'The port must be a number between 1 and 65535.'],
    ['postgres://u:p@db.example.com:54x/d', 'The port must be a number between 1 and 65535.'],
    ['postgres://u:p@[10.0.0.1]:5432/d', 'The host in brackets must be an IPv6 address, e.g. [2001:db8::1].'],
    ['postgres://u:p@db_host!:5432/d', 'The host "db_host!" is not a valid host name; IPv6 addresses go in brackets.'],
    ['postgres://u:p@:5432/d', 'The connection string has no host.'],
    ['postgres://u:p%zz@db.example.com:5432/d', 'The password in the connection string has an invalid percent-encoding.'],
    [
      'postgres://u:p@db.example.com:5432/d?sslmode=allow',
      'sslmode must be one of disable, require, verify-ca, verify-full (leave it out for TLS with the certificate verified).',
    ],
    ['postgres://u:p@db.example.com:5432/d?connect_timeout=0', 'connect_timeout must be a whole number of seconds between 1 and 60.'],
    ['postgres://u:p@db.example.com:5432/d?connect_timeout=61', 'connect_timeout must be a whole number of seconds between 1 and 60.'],
    [
      'postgres://u:p@db.example.com:5432/d?schema=a;drop',
      'schema must start with a letter or underscore and hold at most 63 letters, digits or underscores.',
    ],
    ['postgres://u:p@db.example.com:5432/d?sslmode=require&sslmode=disable', 'The connection string parameter "sslmode" is given twice.'],
    ['postgres://u:p@db.example.com:5432/d#x', 'The connection string must not contain "#"; percent-encode it as %23 in the password.'],
    ['postgres://u:p@db.example.com:5432/d x', 'The connection string contains spaces or control characters.'],
  ])('refuses %s', (text, message) => {
    expect(parseError('postgres', text).message).toBe(message);
  });

  it('refuses unknown engines', () => {
    expect(parseError('oracle', 'oracle://u:p@h:1/d').message).toBe('Unknown database engine "oracle".');
  });

  it('never puts the password into an error message (property, fixed seed)', () => {
    const secret = fc.string({ minLength: 6, maxLength: 30 }).filter((s) => /^[A-Za-z0-9]+$/.test(s));
    const junk = fc.string({ maxLength: 40 });
    fc.assert(
      fc.property(secret, junk, junk, (password, before, after) => {
        const text = `postgres://user:${password}@${before}/${after}`;
        try {
          parseConnectionString('postgres', text);
        } catch (err) {
          expect(err).toBeInstanceOf(ConnectionStringError);
          expect((err as Error).message).not.toContain(password);
        }
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it('reads back what maskConnectionString-like formatting writes (property, fixed seed)', () => {
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    const word = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !/[\s\x00-\x1f\x7f]/.test(s));
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
    fc.assert(
      fc.property(
        word,
        word,
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 65535 }),
        (user, password, labels, port) => {
          const host = labels.join('.');
          const text = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${port}/db?schema=s1`;
          const fields = parseConnectionString('postgres', text);
          expect(fields).toMatchObject({ user, password, host, port, database: 'db', schema: 's1' });
          expect(maskConnectionString(fields)).toBe(`postgres://${encodeURIComponent(user)}:•••@${host}:${port}/db?schema=s1`);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('maskConnectionString', () => {
  it('hides the password and shows only non-default parameters', () => {
    const fields = parseConnectionString('postgres', 'postgresql://loader:hunter2@db.example.com:5432/analytics');
    expect(maskConnectionString(fields)).toBe('postgres://loader:•••@db.example.com:5432/analytics');
    const v6 = parseConnectionString('mysql', 'mysql://root:pw@[2001:db8::5]/shop?sslmode=verify-ca&connect_timeout=3');
    expect(maskConnectionString(v6)).toBe('mysql://root:•••@[2001:db8::5]:3306/shop?sslmode=verify-ca&connect_timeout=3');
  });
});
