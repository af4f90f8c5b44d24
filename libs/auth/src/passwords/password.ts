import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

// OWASP's Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB and some hundred
// milliseconds per hash, which is why PASSWORD_HASH_CONCURRENCY bounds how many run at once). The
// parameters travel in the hash string: hashes made with weaker ones still verify, and a login
// rehashes them (needsRehash).
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const FORMAT = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is exactly N=2^15, r=8, so leave headroom.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N=32768,r=8,p=1$<salt>$<key>` (base64url), with a fresh random salt. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_BYTES);
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `password` matches `stored`; false (never a throw) for a hash it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  if (!match) return false;
  const [, n, r, p, saltText, keyText] = match as unknown as [string, string, string, string, string, string];
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // A corrupted row must not make a login allocate gigabytes.
  if (params.N > 2 ** 20 || params.r > 32 || params.p > 16) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), params, expected.length);
  return timingSafeEqual(actual, expected);
}

/** Whether `stored` was made with weaker parameters than `params` (or cannot be read): rehash it at the next login. */
export function needsRehash(stored: string, params: ScryptParams = DEFAULT_SCRYPT): boolean {
  const match = FORMAT.exec(stored);
  if (!match) return true;
  const [, n, r, p] = match as unknown as [string, string, string, string];
  return Number(n) < params.N || Number(r) < params.r || Number(p) < params.p;
}

// Verified against when the email is unknown, so that "no such user" takes as long as "wrong password".
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const key = `${params.N},${params.r},${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = hashPassword(randomBytes(16).toString('hex'), params)));
  return hash;
}
