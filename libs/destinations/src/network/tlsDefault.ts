import type { SslMode } from '../connectionString/fields';
import { classifyAddress } from './addressClass';

/**
 * The TLS mode a connection uses. Named in the connection string, that one. Left out, a host on
 * the public internet gets TLS with its certificate verified against the name written
 * (`verify-full`): a connection that could fall back to plaintext, or accept any certificate,
 * hands the password and the data to whoever sits on the path. Only a local address (loopback or
 * private, reachable at all only where DESTINATION_ALLOW_PRIVATE_NETWORKS is on) keeps libpq's
 * `prefer`: TLS when the server offers it. Plaintext elsewhere takes `sslmode=disable`.
 */
export function effectiveSslMode(mode: SslMode, address: string): SslMode {
  if (mode !== 'prefer') return mode;
  return classifyAddress(address) === 'public' ? 'verify-full' : 'prefer';
}
