import { Writable } from 'node:stream';
import winston from 'winston';
import { createLogger, isSecretField, MAX_TEXT_CHARS, redact, redactString } from './index';

function capture(format: 'json' | 'pretty') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ service: 'test', level: 'debug', format, transports: [new winston.transports.Stream({ stream })] });
  return { logger, lines };
}

// Each canary is a secret in one of the shapes the logger must catch; none may appear in any line.
const CANARY = 'c4n4ry';
const secretFields = {
  password: `pw-${CANARY}`,
  client_secret: `cs-${CANARY}`,
  credential: `cr-${CANARY}`,
  credentials: { accountId: 'acct_1', key: `nested-${CANARY}` },
  connection_string: `cs2-${CANARY}`,
  connectionString: `cs3-${CANARY}`,
  authorization: `Basic ${CANARY}`,
  private_key: `pk-${CANARY}`,
  api_key: `ak-${CANARY}`,
  secretKey: `sk-${CANARY}`,
};
const secretValues = [
  `key sk_test_${CANARY}abc in text`,
  `rk_live_${CANARY}xyz`,
  `postgres://loader:${CANARY}@db.example.com:5432/app`,
  `header Authorization: Bearer ${CANARY}token`,
  `mysql://root:p%40ss${CANARY}@10.0.0.1/db`,
  `postgres://loader:pa/ss${CANARY}@db.example.com/app`,
  `postgres://loader:a/b@c${CANARY}@db.example.com/app`,
];

describe('logger redaction', () => {
  it.each(['json', 'pretty'] as const)('finds no canary in any %s line', (format) => {
    const { logger, lines } = capture(format);
    const child = logger.child({ module: 'm', request: { headers: { authorization: `Basic ${CANARY}` } } });
    child.info('fields at the top', secretFields);
    child.info('fields deep down', { a: { b: { c: [{ d: secretFields }] } } });
    for (const value of secretValues) {
      child.warn(value);
      child.info('value in metadata', { note: value, list: [value], deep: { deeper: { value } } });
    }
    const err = new Error(`failed to connect to postgres://u:${CANARY}@h/db with sk_live_${CANARY}`);
    child.error('with an error', { err });
    child.error(err);
    expect(lines.length).toBeGreaterThan(10);
    const leaked = lines.filter((line) => line.includes(CANARY));
    expect(leaked).toEqual([]);
  });

  it('keeps what is not secret', () => {
    const { logger, lines } = capture('json');
    logger.info('attached', { account_id: 'acct_123', rows: 42, url: 'https://api.stripe.com/v1/charges', secret: '' });
    const line = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({
      message: 'attached',
      account_id: 'acct_123',
      rows: 42,
      url: 'https://api.stripe.com/v1/charges',
      service: 'test',
    });
  });

  it('recognises secret field names in every spelling', () => {
    for (const name of ['password', 'PASSWORD', 'db_password', 'clientSecret', 'connection-string', 'privateKey', 'keys', 'access_key']) {
      expect(isSecretField(name)).toBe(true);
    }
    for (const name of ['account_id', 'monkey', 'keyboard', 'passwordless_allowed_count', 'tokens_per_second']) {
      expect(isSecretField(name)).toBe(false);
    }
  });

  it('redacts long text in linear time', () => {
    const long = `/accounts/${'a'.repeat(200_000)}`;
    const started = process.hrtime.bigint();
    expect(redactString(long)).toBe(long);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(200);
  });

  it('cuts a long message, field or stack to about 4 KB, masked before the cut', () => {
    const { logger, lines } = capture('json');
    const long = `connecting to postgres://u:${CANARY}@h/db failed: ${'a://:'.repeat(60_000)} key sk_test_${CANARY}`;
    logger.error('destination refused', { error: long });
    logger.error(new Error(long));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.length).toBeLessThan(4 * MAX_TEXT_CHARS);
      expect(line).not.toContain(CANARY);
      expect(line).toContain('postgres://u:[REDACTED]@h/db');
      expect(line).toContain('sk_test_[REDACTED]');
      expect(line).toMatch(/… \[truncated \d+ chars\] …/);
    }
    // The stack keeps its frames, at its end.
    expect((JSON.parse(lines[1] ?? '{}') as { stack: string }).stack).toMatch(/\n\s+at .+logger\.unit\.test\.ts:\d+:\d+/);
  });

  it('survives cycles', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(redact(a)).toEqual({ name: 'a', self: '[Circular]' });
  });
});
