import { randomBytes } from 'node:crypto';
import { SecretBoxError, createSecretBox, parseMasterKeys, purposeKeys } from './index';

const k1 = { id: 'k1', key: randomBytes(32) };
const k2 = { id: 'k2', key: randomBytes(32) };
const env = 'a1b2c3d4-0000-4000-8000-000000000001';
const otherEnv = 'a1b2c3d4-0000-4000-8000-000000000002';

function openError(box: ReturnType<typeof createSecretBox>, envelope: string, environmentId = env): SecretBoxError {
  try {
    box.open(envelope, environmentId);
  } catch (err) {
    if (err instanceof SecretBoxError) return err;
    throw err;
  }
  throw new Error('open succeeded');
}

// Flips one character of a base64url part to another valid base64url character.
function flip(part: string, index: number): string {
  const c = part[index] === 'A' ? 'B' : 'A';
  return part.slice(0, index) + c + part.slice(index + 1);
}

describe('createSecretBox', () => {
  const box = createSecretBox([k1]);

  it('round-trips text, including unicode and the empty string', () => {
    for (const plaintext of ['sk_test_123', 'postgres://u:p@h:5432/d', 'ünïcødé ✓', '']) {
      expect(box.open(box.seal(plaintext, env), env)).toBe(plaintext);
    }
  });

  it('produces v1.<keyId>.<nonce>.<ciphertext+tag> with a fresh nonce each time', () => {
    const a = box.seal('same', env);
    const b = box.seal('same', env);
    expect(a).toMatch(/^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('same');
    // 4 bytes of plaintext + 16 bytes of tag.
    expect(Buffer.from(a.split('.')[3] ?? '', 'base64url')).toHaveLength(20);
  });

  it('refuses to open under another environment', () => {
    expect(openError(box, box.seal('secret', env), otherEnv).message).toMatch(/failed authentication/);
  });

  it('binds a value to its table, column and row when given its place', () => {
    const place = { table: 'destinations', column: 'connection_secret', rowId: 'row-1' };
    const sealed = box.seal('postgres://u:p@h/db', env, place);
    expect(sealed.startsWith('v2.')).toBe(true);
    expect(box.open(sealed, env, place)).toBe('postgres://u:p@h/db');
    const elsewhere = [
      { ...place, rowId: 'row-2' },
      { ...place, column: 'credential_secret' },
      { ...place, table: 'sources' },
    ];
    for (const other of elsewhere) expect(() => box.open(sealed, env, other)).toThrow(/failed authentication/);
    expect(() => box.open(sealed, otherEnv, place)).toThrow(/failed authentication/);
    expect(() => box.open(sealed, env)).toThrow(/bound to its place/);
    // Values sealed before places existed still open, wherever they are asked for, until resealed.
    const legacy = box.seal('sk_test_old', env);
    expect(box.open(legacy, env, place)).toBe('sk_test_old');
    expect([box.isCurrent(legacy), box.isCurrent(sealed)]).toEqual([false, true]);
  });

  it('detects tampering with every part of the envelope', () => {
    const envelope = box.seal('a secret long enough to span blocks', env);
    const [version, keyId, nonce, sealed] = envelope.split('.') as [string, string, string, string];
    const tampered: [string, RegExp][] = [
      [['v3', keyId, nonce, sealed].join('.'), /unknown version "v3"/],
      [['v2', keyId, nonce, sealed].join('.'), /bound to its place/],
      [[version, 'k9', nonce, sealed].join('.'), /unknown master key "k9"/],
      [[version, keyId, flip(nonce, 0), sealed].join('.'), /failed authentication/],
      [[version, keyId, nonce, flip(sealed, 0)].join('.'), /failed authentication/],
      [[version, keyId, nonce, flip(sealed, sealed.length - 3)].join('.'), /failed authentication/],
      [[version, keyId, nonce, sealed.slice(0, -4)].join('.'), /failed authentication/],
      [[version, keyId, nonce.slice(0, -2), sealed].join('.'), /malformed/],
      [[version, keyId, nonce, 'AAAA'].join('.'), /malformed/],
      [[version, keyId, nonce, `${sealed}!`].join('.'), /malformed/],
      [[version, keyId, nonce].join('.'), /malformed/],
      [`${envelope}.extra`, /malformed/],
      ['', /malformed/],
    ];
    for (const [value, message] of tampered) {
      expect(openError(box, value).message).toMatch(message);
    }
  });

  it('seals with the first key and opens with any listed key (rotation)', () => {
    const old = createSecretBox([k1]).seal('from before rotation', env);
    const rotated = createSecretBox([k2, k1]);
    expect(rotated.open(old, env)).toBe('from before rotation');
    const fresh = rotated.seal('after rotation', env);
    expect(fresh.startsWith('v1.k2.')).toBe(true);
    expect(openError(createSecretBox([k1]), fresh).message).toMatch(/unknown master key "k2"/);
  });

  it('does not open with a different key that reuses the id', () => {
    const impostor = createSecretBox([{ id: 'k1', key: randomBytes(32) }]);
    expect(openError(impostor, box.seal('x', env)).message).toMatch(/failed authentication/);
  });

  it('rejects bad key sets', () => {
    expect(() => createSecretBox([])).toThrow(/at least one master key/);
    expect(() => createSecretBox([{ id: 'short', key: randomBytes(16) }])).toThrow(/"short" must be 32 bytes, got 16/);
    expect(() => createSecretBox([{ id: 'long', key: randomBytes(33) }])).toThrow(/must be 32 bytes, got 33/);
    expect(() => createSecretBox([{ id: 'a.b', key: randomBytes(32) }])).toThrow(SecretBoxError);
    expect(() => createSecretBox([k1, { id: 'k1', key: randomBytes(32) }])).toThrow(/listed twice/);
  });
});

describe('parseMasterKeys', () => {
  const b64 = (key: Buffer) => key.toString('base64');

  it('parses the keys in order, current first', () => {
    const keys = parseMasterKeys(`k2:${b64(k2.key)}, k1:${b64(k1.key)}`);
    expect(keys.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(keys[0]?.key.equals(k2.key)).toBe(true);
    expect(keys[1]?.key.equals(k1.key)).toBe(true);
  });

  it('rejects wrong lengths, bad base64, missing ids and duplicates without echoing key material', () => {
    const short = b64(randomBytes(31));
    const cases: [string, RegExp][] = [
      ['', /no master keys/],
      [`k1:${short}`, /"k1" must be 32 bytes, got 31/],
      [`k1:${b64(randomBytes(48))}`, /must be 32 bytes, got 48/],
      ['k1:not base64!', /"k1" is not valid base64/],
      [b64(k1.key), /#1 is not of the form/],
      [`:${b64(k1.key)}`, /#1 is not of the form/],
      [`k1:${b64(k1.key)},k1:${b64(k2.key)}`, /listed twice/],
    ];
    for (const [text, message] of cases) {
      let caught: unknown;
      try {
        parseMasterKeys(text);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(SecretBoxError);
      expect((caught as Error).message).toMatch(message);
      expect((caught as Error).message).not.toContain(short);
    }
  });
});

describe('refusing unbound (v1) envelopes', () => {
  const place = { table: 'accounts', column: 'credential_secret', rowId: 'r1' };
  const lenient = createSecretBox([k1]);
  const strict = createSecretBox([k1], { refuseUnbound: true });

  it('opens v1 only while the switch is off, and opens bound envelopes either way', () => {
    const unbound = lenient.seal('sk_test_old', env);
    expect(lenient.open(unbound, env, place)).toBe('sk_test_old');
    expect(() => strict.open(unbound, env, place)).toThrow(/not bound to its place \(v1\) and SECRETS_REFUSE_UNBOUND is set/);
    expect(strict.open(lenient.seal('sk_test_new', env, place), env, place)).toBe('sk_test_new');
  });

  it('no longer seals without a place', () => {
    expect(() => strict.seal('x', env)).toThrow(SecretBoxError);
    expect(strict.open(strict.seal('x', env, place), env, place)).toBe('x');
  });
});

describe('purposeKeys', () => {
  const place = { table: 'idempotency_replays', column: 'response', rowId: 'h1' };

  it('seals values that open under the purpose only, never under the master keys or another purpose', () => {
    const master = createSecretBox([k2, k1]);
    const replays = createSecretBox(purposeKeys([k2, k1], 'idempotency replay'));
    const other = createSecretBox(purposeKeys([k2, k1], 'something else'));
    const sealed = replays.seal('{"status":201}', env, place);
    expect(sealed).toMatch(/^v2\.k2\./);
    expect(replays.open(sealed, env, place)).toBe('{"status":201}');
    expect(() => master.open(sealed, env, place)).toThrow(/failed authentication/);
    expect(() => other.open(sealed, env, place)).toThrow(/failed authentication/);
    expect(() => replays.open(master.seal('sk_test_key', env, place), env, place)).toThrow(/failed authentication/);
    // Derived, so every process with the same master keys has the same purpose keys.
    expect(createSecretBox(purposeKeys([k2], 'idempotency replay')).open(replays.seal('x', env, place), env, place)).toBe('x');
  });
});
