import type { Request } from 'express';
import ipaddr from 'ipaddr.js';

/**
 * The client's address as per-address limits key on it: the socket's peer, or behind a trusted
 * proxy (createHttpApp's `trustedProxies`) the address that proxy reports. An IPv6 client counts
 * by its /64: one host is routinely handed a whole /64, so keying on the full address would give
 * a guesser 2^64 fresh budgets. An IPv4-mapped IPv6 peer (a dual-stack listener) is its IPv4.
 */
export function clientAddress(req: Request): string {
  return addressBucket(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/** The subject a per-address limit counts `address` under (see clientAddress). */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const prefix = v6.parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
