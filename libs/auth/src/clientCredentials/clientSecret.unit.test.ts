import { randomBytes } from 'node:crypto';
import { ClientSecretHasher, generateCredential } from './clientSecret';

const k1 = { id: 'k1', key: randomBytes(32) };
const k2 = { id: 'k2', key: randomBytes(32) };

describe('generateCredential', () => {
  it('makes a cli_ id and a 32-byte base64url secret, fresh each time', () => {
    const a = generateCredential();
    const b = generateCredential();
    expect(a.clientId).toMatch(/^cli_[0-9a-f]{24}$/);
    expect(a.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.clientSecret, 'base64url')).toHaveLength(32);
    expect(a.clientId).not.toBe(b.clientId);
    expect(a.clientSecret).not.toBe(b.clientSecret);
  });
});

describe('ClientSecretHasher', () => {
  it('stores a keyed hash that verifies only the same secret', () => {
    const hasher = new ClientSecretHasher([k1]);
    const { clientSecret } = generateCredential();
    const stored = hasher.hash(clientSecret);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(clientSecret);
    expect(hasher.verify(clientSecret, stored)).toBe(true);
    expect(hasher.verify(`${clientSecret}x`, stored)).toBe(false);
    expect(hasher.verify('', stored)).toBe(false);
  });

  it('depends on the master key', () => {
    expect(new ClientSecretHasher([k1]).hash('s')).not.toBe(new ClientSecretHasher([k2]).hash('s'));
  });

  it('keeps verifying hashes made under a previous master key after rotation', () => {
    const before = new ClientSecretHasher([k1]).hash('secret');
    const rotated = new ClientSecretHasher([k2, k1]);
    expect(rotated.verify('secret', before)).toBe(true);
    expect(rotated.hash('secret')).toBe(new ClientSecretHasher([k2]).hash('secret'));
    expect(new ClientSecretHasher([k2]).verify('secret', before)).toBe(false);
  });
});
