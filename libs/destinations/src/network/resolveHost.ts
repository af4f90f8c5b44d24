import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { DestinationError } from '../errors';
import { addressClassLabels, classifyAddress, isAllowedClass } from './addressClass';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (injectable so the guard can be unit-tested). */
export type LookupFn = (host: string) => Promise<ResolvedAddress[]>;

export interface ResolveOptions {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  lookup?: LookupFn;
}

const systemLookup: LookupFn = async (host) => {
  const found = await dnsLookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

async function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

const dnsMissCodes = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * The network guard. Resolves `host` and refuses it when ANY address is loopback, private,
 * link-local, CGNAT, metadata, unspecified or multicast (private classes only unless
 * allowPrivateNetworks). Callers connect to the returned addresses, never to the name again,
 * so a DNS answer that changes after this check cannot redirect the connection.
 */
export async function resolveDestinationHost(host: string, options: ResolveOptions): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  } else {
    const lookup = options.lookup ?? systemLookup;
    try {
      addresses = await withTimeout(
        lookup(host),
        options.timeoutMs,
        () => new DestinationError('dns', `Looking up the host "${host}" timed out; check the host name.`),
      );
    } catch (err) {
      if (err instanceof DestinationError) throw err;
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (dnsMissCodes.has(code)) throw new DestinationError('dns', `The host "${host}" was not found (DNS); check the host name.`);
      throw new DestinationError('dns', `The host "${host}" could not be looked up (DNS error ${code || 'unknown'}); try again later.`);
    }
  }
  if (addresses.length === 0) throw new DestinationError('dns', `The host "${host}" has no address (DNS); check the host name.`);

  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (!isAllowedClass(kind, options.allowPrivateNetworks)) {
      // The address itself stays out of the message: for a name it would reveal internal DNS.
      const where = isIP(host) ? 'is' : 'resolves to';
      throw new DestinationError(
        'private_network',
        `The host "${host}" ${where} a ${addressClassLabels[kind]} address; destinations must be reachable on the public internet.`,
      );
    }
  }
  return addresses;
}
