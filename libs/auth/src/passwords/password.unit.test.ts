import { hashPassword, needsRehash, verifyPassword } from './password';

// Small parameters keep the unit test fast; the format and the comparison are what is tested.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('correct horse battery', FAST);
    expect(stored).toMatch(/^scrypt\$N=1024,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    await expect(verifyPassword('correct horse battery', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterz', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  // Two hashes at the production cost: about a second on an idle machine, many more on a loaded
  // one (this ran past jest's 5 s beside the e2e tests at a load of 20), and speed is not what
  // this test is about.
  it("uses OWASP's N=2^17, r=8, p=1 unless told otherwise", async () => {
    const stored = await hashPassword('the production setting');
    expect(stored.startsWith('scrypt$N=131072,r=8,p=1$')).toBe(true);
    await expect(verifyPassword('the production setting', stored)).resolves.toBe(true);
    expect(needsRehash(stored)).toBe(false);
  }, 60_000);

  it('asks for a rehash of hashes made with weaker parameters', async () => {
    expect(needsRehash(await hashPassword('an older password', { N: 2 ** 15, r: 8, p: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword('an older password', FAST), FAST)).toBe(false);
    expect(needsRehash('plain')).toBe(true);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password!', FAST), hashPassword('same password!', FAST)]);
    expect(a).not.toBe(b);
  });

  it('reads its parameters from the stored hash, so they can change later', async () => {
    const strong = await hashPassword('twelve chars ok', { N: 2 ** 11, r: 8, p: 1 });
    await expect(verifyPassword('twelve chars ok', strong)).resolves.toBe(true);
  });

  it('treats unreadable or absurd hashes as a mismatch', async () => {
    await expect(verifyPassword('x', 'plain')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$N=1073741824,r=8,p=1$AAAA$AAAA')).resolves.toBe(false);
  });

  it('treats canonically equivalent unicode passwords as equal', async () => {
    const stored = await hashPassword('caf\u00e9 au lait!!', FAST);
    await expect(verifyPassword('cafe\u0301 au lait!!', stored)).resolves.toBe(true);
  });
});
