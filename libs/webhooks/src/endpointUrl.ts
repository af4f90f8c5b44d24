import { DestinationError, resolveDestinationHost, type LookupFn, type ResolvedAddress } from '@datasync/destinations';
import { InvalidRequestError } from '@datasync/errors';

export interface UrlGuard {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: development and tests only. */
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  lookup?: LookupFn;
}

const MAX_URL_LENGTH = 2048;

function refuse(code: string, message: string): never {
  throw new InvalidRequestError(message, { code, param: 'url' });
}

/** Parses an endpoint URL; production environments take https only (the payload names their accounts). */
export function parseEndpointUrl(text: string, environmentName: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('url_invalid', 'url must be an absolute http or https URL.');
  }
  if (text.length > MAX_URL_LENGTH) refuse('url_invalid', `url must be at most ${MAX_URL_LENGTH} characters.`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') refuse('url_invalid', 'url must be an absolute http or https URL.');
  if (url.username || url.password) refuse('url_invalid', 'url must not contain a user name or password.');
  if (environmentName === 'production' && url.protocol !== 'https:') {
    refuse('url_https_required', 'url must use https in a production environment.');
  }
  return url;
}

/**
 * The destinations' network guard (libs/destinations resolveDestinationHost), applied to the
 * endpoint's host: at creation, so a refused URL is a 400, and again before every delivery, since
 * DNS can change. The delivery connects to the address returned here, never to the name again.
 */
export async function guardEndpointHost(url: URL, guard: UrlGuard): Promise<ResolvedAddress> {
  // URL keeps IPv6 literals in brackets; the guard takes the bare address.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  try {
    const [first] = await resolveDestinationHost(host, guard);
    return first as ResolvedAddress;
  } catch (err) {
    if (!(err instanceof DestinationError)) throw err;
    if (err.code === 'private_network') {
      return refuse('url_not_allowed', `url's host "${host}" is not on the public internet; webhook endpoints must be.`);
    }
    return refuse('url_unresolvable', `url's host "${host}" could not be resolved (DNS); check the host name.`);
  }
}
