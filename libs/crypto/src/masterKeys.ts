import { SecretBoxError, assertValidKey, type MasterKey } from './secretBox';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Parses `SECRETS_MASTER_KEYS`: `k2:<base64 32 bytes>,k1:<base64 32 bytes>`, current key first.
 * Errors name the key id only, so a misconfiguration never prints key material.
 */
export function parseMasterKeys(text: string): MasterKey[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new SecretBoxError('no master keys given (expected "<id>:<base64 32 bytes>,...")');
  const keys = entries.map((entry, index) => {
    const colon = entry.indexOf(':');
    if (colon <= 0) throw new SecretBoxError(`master key #${index + 1} is not of the form <id>:<base64 32 bytes>`);
    const id = entry.slice(0, colon);
    const encoded = entry.slice(colon + 1);
    if (!BASE64.test(encoded)) throw new SecretBoxError(`master key "${id}" is not valid base64`);
    const key: MasterKey = { id, key: Buffer.from(encoded, 'base64') };
    assertValidKey(key);
    return key;
  });
  const ids = new Set<string>();
  for (const key of keys) {
    if (ids.has(key.id)) throw new SecretBoxError(`master key id "${key.id}" is listed twice`);
    ids.add(key.id);
  }
  return keys;
}
