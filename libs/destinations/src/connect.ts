import type { ConnectionFields } from './connectionString/fields';
import { readBounds, type ReadBounds } from './bounds/readBounds';
import { DestinationError } from './errors';
import { getEngine } from './engines/registry';
import type { DestinationHandle, EngineTypes } from './engines/types';
import { driverFailure, failureContext, failureMessage } from './failureMessages';
import { resolveDestinationHost, type LookupFn } from './network/resolveHost';

export interface ConnectOptions {
  /** DESTINATION_ALLOW_PRIVATE_NETWORKS: only development and tests set it. */
  allowPrivateNetworks: boolean;
  /** Bound on DNS plus connecting (each address); the connection string's connect_timeout when omitted. */
  timeoutMs?: number;
  /** Server-side bound on every statement of this connection; none when omitted. */
  statementTimeoutMs?: number;
  /** Postgres ends a session left idle inside a transaction this long; 30 s when omitted, 0 leaves the server's setting. */
  abandonedTransactionMs?: number;
  lookup?: LookupFn;
  /** Overrides of the bounds on what one read of the destination's content may take in (bounds/readBounds.ts). */
  readBounds?: Partial<ReadBounds>;
}

// Failures that say nothing about the next address of the same host, which may still answer.
const tryNextAddress = new Set(['refused', 'unreachable', 'timeout']);

/** Turns any error of `engine` into a DestinationError with its message. */
export function toDestinationError(fields: ConnectionFields, err: unknown, action?: string): DestinationError {
  const engine = getEngine(fields.engine);
  const ctx = failureContext(engine, fields, action);
  // An unrecognised error's own text may hold a resolved address: the caller logs it, the
  // message does not repeat it.
  return (
    driverFailure(engine, ctx, err) ?? new DestinationError('connection_failed', failureMessage({ code: 'connection_failed' }, ctx), err)
  );
}

/**
 * The one way to open a destination connection (check, mount, loader): resolves the host,
 * applies the network guard, and connects to the approved address. Throws DestinationError.
 * A refused host opens no connection at all.
 */
export async function connect<F extends ConnectionFields>(fields: F, options: ConnectOptions): Promise<EngineTypes[F['engine']]['handle']>;
export async function connect(fields: ConnectionFields, options: ConnectOptions): Promise<DestinationHandle> {
  const timeoutMs = options.timeoutMs ?? fields.connectTimeoutSeconds * 1000;
  const addresses = await resolveDestinationHost(fields.host, {
    allowPrivateNetworks: options.allowPrivateNetworks,
    timeoutMs,
    lookup: options.lookup,
  });
  const engine = getEngine(fields.engine);
  let last: DestinationError | undefined;
  for (const { address } of addresses) {
    try {
      const { allowPrivateNetworks, lookup, statementTimeoutMs, abandonedTransactionMs } = options;
      return await engine.open({
        fields,
        address,
        connectTimeoutMs: timeoutMs,
        statementTimeoutMs,
        abandonedTransactionMs,
        allowPrivateNetworks,
        lookup,
        readBounds: readBounds(options.readBounds),
      });
    } catch (err) {
      last = toDestinationError(fields, err);
      if (!tryNextAddress.has(last.code)) throw last;
    }
  }
  throw last ?? new DestinationError('dns', `The host "${fields.host}" has no address (DNS); check the host name.`);
}
