import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Raised when a value cannot be sealed or opened; the message names the reason, never the secret. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface MasterKey {
  id: string;
  key: Buffer;
}

/**
 * Where a sealed value is stored: table, column and the row's id. A value bound to its place does
 * not open anywhere else, so someone able to write the database cannot move a secret into a row
 * or column where the service would use it for another purpose (another account's key, another
 * destination's connection).
 */
export interface SealedPlace {
  table: string;
  column: string;
  rowId: string;
}

export interface SecretBoxOptions {
  /**
   * Refuse unbound (v1) envelopes, to open and to seal (`SECRETS_REFUSE_UNBOUND`). Set once
   * `npm run secrets:reseal` reports that none is left: from then on a v1 envelope, a copy from an
   * old backup included, opens nowhere.
   */
  refuseUnbound?: boolean;
}

export interface SecretBox {
  /** Encrypts `plaintext` under the current key, bound to `environmentId` and, when given, to its place. */
  seal(plaintext: string, environmentId: string, place?: SealedPlace): string;
  /**
   * Decrypts an envelope with any of the listed keys. A bound envelope opens only at its place;
   * one sealed before places existed (v1) opens with the environment alone until it is resealed,
   * unless the box refuses unbound envelopes.
   */
  open(envelope: string, environmentId: string, place?: SealedPlace): string;
  /** Whether the envelope is sealed with the current key and bound to a place: nothing left to reseal. */
  isCurrent(envelope: string): boolean;
}

// v1: bound to the environment only; v2: to the environment and the value's place.
const UNBOUND = 'v1';
const BOUND = 'v2';
const KEY_BYTES = 32;
// 96-bit nonces are GCM's native size; random ones are safe far beyond the number of values we store.
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
// The key id travels inside the dot-separated envelope, so it must not contain a dot.
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const UNBOUND_REFUSED =
  'sealed value is not bound to its place (v1) and SECRETS_REFUSE_UNBOUND is set: reseal it (npm run secrets:reseal) or unset the switch';

export function assertValidKey(key: MasterKey): void {
  if (!KEY_ID.test(key.id)) {
    throw new SecretBoxError(`master key id "${key.id}" must be 1-32 characters of A-Z, a-z, 0-9, _ or -`);
  }
  if (key.key.length !== KEY_BYTES) {
    throw new SecretBoxError(`master key "${key.id}" must be ${KEY_BYTES} bytes, got ${key.key.length}`);
  }
}

function associatedData(environmentId: string, place: SealedPlace | undefined): Buffer {
  // Newlines cannot occur in ids or identifiers, so no two places share associated data.
  const text = place === undefined ? environmentId : `${environmentId}\n${place.table}.${place.column}\n${place.rowId}`;
  return Buffer.from(text, 'utf8');
}

/**
 * AES-256-GCM envelopes `v2.<keyId>.<nonce>.<ciphertext+tag>` (base64url). The environment id and
 * the value's place are the associated data, so a value copied into another environment, table,
 * column or row does not open there. The first key seals; every key opens, which lets a new key
 * be introduced before the old one is retired (the reseal command moves every stored value to it).
 */
export function createSecretBox(keys: MasterKey[], options: SecretBoxOptions = {}): SecretBox {
  const [current] = keys;
  if (!current) throw new SecretBoxError('at least one master key is required');
  const byId = new Map<string, Buffer>();
  for (const key of keys) {
    assertValidKey(key);
    if (byId.has(key.id)) throw new SecretBoxError(`master key id "${key.id}" is listed twice`);
    byId.set(key.id, Buffer.from(key.key));
  }

  return {
    seal(plaintext, environmentId, place) {
      if (place === undefined && options.refuseUnbound) throw new SecretBoxError(UNBOUND_REFUSED);
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', byId.get(current.id) as Buffer, nonce);
      cipher.setAAD(associatedData(environmentId, place));
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [place === undefined ? UNBOUND : BOUND, current.id, nonce.toString('base64url'), sealed.toString('base64url')].join('.');
    },

    isCurrent(envelope) {
      const [version, keyId] = envelope.split('.');
      return version === BOUND && keyId === current.id;
    },

    open(envelope, environmentId, place) {
      const parts = envelope.split('.');
      if (parts.length !== 4) throw new SecretBoxError('sealed value is malformed');
      const [version, keyId, nonceText, sealedText] = parts as [string, string, string, string];
      if (version !== UNBOUND && version !== BOUND) throw new SecretBoxError(`sealed value has unknown version "${version.slice(0, 8)}"`);
      if (version === UNBOUND && options.refuseUnbound) throw new SecretBoxError(UNBOUND_REFUSED);
      if (version === BOUND && place === undefined) throw new SecretBoxError('sealed value is bound to its place; open it with the place');
      const key = byId.get(keyId);
      if (!key) throw new SecretBoxError(`sealed value uses unknown master key "${keyId.slice(0, 32)}"`);
      if (!BASE64URL.test(nonceText) || !BASE64URL.test(sealedText)) {
        throw new SecretBoxError('sealed value is malformed');
      }
      const nonce = Buffer.from(nonceText, 'base64url');
      const sealed = Buffer.from(sealedText, 'base64url');
      if (nonce.length !== NONCE_BYTES || sealed.length < TAG_BYTES) throw new SecretBoxError('sealed value is malformed');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
        decipher.setAAD(associatedData(environmentId, version === BOUND ? place : undefined));
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
        return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        // GCM cannot tell tampering from a wrong environment or place: all fail the same tag check.
        throw new SecretBoxError('sealed value failed authentication (tampered, or sealed for another environment or place)');
      }
    },
  };
}
