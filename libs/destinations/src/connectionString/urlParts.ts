import { isIP } from 'node:net';
import { ConnectionStringError } from '../errors';

// The pieces every engine's connection string shares (`<scheme>://<user>:<secret>@<host>:<port>/…`),
// so that a host or port is judged the same way whatever the engine.

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export const MAX_CONNECTION_STRING_LENGTH = 2048;

export function fail(message: string): never {
  throw new ConnectionStringError(message);
}

export function decode(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    fail(`The ${what} in the connection string has an invalid percent-encoding.`);
  }
}

export function parseHost(text: string): string {
  if (text.startsWith('[')) {
    const inner = text.slice(1, -1);
    if (!text.endsWith(']') || isIP(inner) !== 6) fail('The host in brackets must be an IPv6 address, e.g. [2001:db8::1].');
    return inner.toLowerCase();
  }
  const host = text.toLowerCase();
  if (isIP(host) === 4) return host;
  if (host.length > 253 || !host.split('.').every((label) => HOST_LABEL.test(label))) {
    fail(`The host "${text}" is not a valid host name; IPv6 addresses go in brackets.`);
  }
  return host;
}

export function parsePort(text: string | undefined, defaultPort: number): number {
  if (text === undefined) return defaultPort;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535)) fail('The port must be a number between 1 and 65535.');
  return port;
}

/** Splits `host:port`, `[v6]:port`, `host` or `[v6]`. */
export function splitHostPort(text: string): [string, string | undefined] {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(text);
  if (!match || match[1] === undefined || match[1] === '') fail('The connection string has no host.');
  return [match[1], match[2]];
}

/** `host` as it goes back into a URL: IPv6 addresses in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
