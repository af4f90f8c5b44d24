import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { resolveDestinationHost, type LookupFn, type ResolvedAddress } from '../../network/resolveHost';

export interface GuardSettings {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  lookup?: LookupFn;
}

/**
 * The DNS lookup of the client's sockets. The host the guard approved in connect gets the
 * approved address, never a fresh answer (DNS rebinding); any other name a request goes to (a
 * virtual-hosted bucket name, an AWS region redirect) passes the same network guard first.
 */
export function guardedLookup(approved: { host: string; address: ResolvedAddress }, guard: GuardSettings): LookupFunction {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    const answer = (addresses: ResolvedAddress[]) => {
      const first = addresses[0] as ResolvedAddress;
      if (options.all)
        callback(
          null,
          addresses.map((a) => ({ address: a.address, family: a.family })),
        );
      else callback(null, first.address, first.family);
    };
    if (hostname.toLowerCase() === approved.host) {
      answer([approved.address]);
      return;
    }
    resolveDestinationHost(hostname.toLowerCase(), guard).then(answer, (err: NodeJS.ErrnoException) => callback(err, ''));
  };
}
