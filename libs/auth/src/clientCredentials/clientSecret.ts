import { hkdfSync, randomBytes } from 'node:crypto';
import { hmacSha256, timingSafeEqualString, type MasterKey } from '@datasync/crypto';

export interface GeneratedCredential {
  clientId: string;
  /** Shown to the caller once, never stored. */
  clientSecret: string;
}

/** The form generateCredential gives ids: anything else cannot be one, and is not looked up. */
export const CLIENT_ID_PATTERN = /^cli_[0-9a-f]{24}$/;

export function generateCredential(): GeneratedCredential {
  return {
    clientId: `cli_${randomBytes(12).toString('hex')}`,
    clientSecret: randomBytes(32).toString('base64url'),
  };
}

/**
 * The one place that knows how client secrets are stored: HMAC-SHA256 (hex) under a key derived
 * from the secrets master key (SECRETS_MASTER_KEYS), so a copy of the database alone cannot even
 * check a guess. New hashes use the current master key; every listed key verifies, so rotating
 * the master key does not invalidate credentials issued before it.
 */
export class ClientSecretHasher {
  private readonly keys: Buffer[];

  constructor(masterKeys: MasterKey[]) {
    if (masterKeys.length === 0) throw new Error('ClientSecretHasher needs at least one master key');
    // A derived key, not the master key itself: the same bytes never serve two purposes.
    this.keys = masterKeys.map((k) => Buffer.from(hkdfSync('sha256', k.key, Buffer.alloc(0), 'datasync client secret hmac v1', 32)));
  }

  hash(secret: string): string {
    return hmacSha256(this.keys[0] as Buffer, secret);
  }

  verify(secret: string, storedHash: string): boolean {
    let ok = false;
    // Every key is tried even after a match, so the time taken says nothing about which one matched.
    for (const key of this.keys) ok = timingSafeEqualString(hmacSha256(key, secret), storedHash) || ok;
    return ok;
  }
}
