import { urlHost } from '../../connectionString/urlParts';
import { DestinationError } from '../../errors';
import { effectiveSslMode } from '../../network/tlsDefault';
import type { Scheme } from './schemeProbe';

/**
 * Plain HTTP to an endpoint on the internet would carry the request signatures and every part
 * file in the clear; only local endpoints (development, tests) may speak it. HTTPS certificates
 * are verified by Node's agent.
 */
export function refusePlaintextOnTheInternet(scheme: Scheme, host: string, port: number, address: string): void {
  if (scheme === 'http' && effectiveSslMode('prefer', address) === 'verify-full') {
    throw new DestinationError('tls', `The endpoint ${urlHost(host)}:${port} does not speak HTTPS; an S3 endpoint on the internet must.`);
  }
}
