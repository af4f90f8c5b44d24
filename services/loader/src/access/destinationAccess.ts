import type { SecretBox } from '@datasync/crypto';
import { sealedPlace } from '@datasync/db';
import { connect, parseConnectionString, type DestinationHandle, type EngineName, type ReadBounds } from '@datasync/destinations';

export interface DestinationAccessSettings {
  /** DESTINATION_ALLOW_PRIVATE_NETWORKS: development and tests only. */
  allowPrivateNetworks: boolean;
  statementTimeoutMs: number;
  /** What one read of a destination's content may take in (LOADER_READ_MAX_*); the library's defaults when omitted. */
  readBounds?: Partial<ReadBounds>;
}

export interface SealedDestination {
  /** The destination's id: its connection string is sealed for its row. */
  id: string;
  name: string;
  engine: EngineName;
  connectionSecret: string;
}

/** A table target's destination (a load, a poll or a verification target row names its own). */
export function sealedDestination(target: {
  destinationId: string;
  destinationName: string;
  engine: EngineName;
  connectionSecret: string;
}): SealedDestination {
  return { id: target.destinationId, name: target.destinationName, engine: target.engine, connectionSecret: target.connectionSecret };
}

export interface OpenDestination {
  handle: DestinationHandle;
  /** Where tables go: the `schema` parameter (Postgres) or the database (MySQL). */
  schema: string;
}

/**
 * Opens a connection through libs/destinations' one `connect` (network guard at every connection,
 * docs/destinations.md, Network guard). Throws DestinationError (ConnectionStringError for a stored string that no longer
 * parses); the connection string itself never leaves this function.
 */
export async function openDestination(
  settings: DestinationAccessSettings,
  secretBox: SecretBox,
  environmentId: string,
  destination: SealedDestination,
): Promise<OpenDestination> {
  const fields = parseConnectionString(
    destination.engine,
    secretBox.open(destination.connectionSecret, environmentId, sealedPlace('destinationConnection', destination.id)),
  );
  const handle = await connect(fields, {
    allowPrivateNetworks: settings.allowPrivateNetworks,
    statementTimeoutMs: settings.statementTimeoutMs,
    readBounds: settings.readBounds,
  });
  return { handle, schema: fields.schema };
}
