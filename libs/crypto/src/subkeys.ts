import { hkdfSync } from 'node:crypto';
import type { MasterKey } from './secretBox';

/**
 * The master keys as keys for one purpose only (HKDF-SHA256, the purpose as info), same ids.
 * A value sealed under a purpose's keys never opens under the master keys or another purpose's,
 * whatever the database or Redis is made to hold: a replay kept in Redis cannot be passed off as
 * a stored secret, nor the other way round.
 */
export function purposeKeys(keys: readonly MasterKey[], purpose: string): MasterKey[] {
  return keys.map((k) => ({ id: k.id, key: Buffer.from(hkdfSync('sha256', k.key, Buffer.alloc(0), `datasync ${purpose} v1`, 32)) }));
}
