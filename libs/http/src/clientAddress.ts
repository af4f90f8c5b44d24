import type { Request } from 'express';

/**
 * The client's address: the socket's peer, or behind a trusted proxy (createHttpApp's
 * `trustedProxies`) the address that proxy reports. What per-address limits key on.
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
