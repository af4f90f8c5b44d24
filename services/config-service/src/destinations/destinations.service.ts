import { actorOf, writeAudit, type Caller } from '@datasync/auth';
import type { SecretBox } from '@datasync/crypto';
import { randomUUID } from 'node:crypto';
import { sealedPlace, type Knex } from '@datasync/db';
import {
  checkDestination,
  connect,
  ConnectionStringError,
  maskConnectionString,
  parseConnectionString,
  type CheckResult,
  type ConnectionFields,
  type DestinationHandle,
  type EngineName,
} from '@datasync/destinations';
import { InvalidRequestError, NotFoundError } from '@datasync/errors';
import type { Logger } from '@datasync/logger';
import type { DestinationCheckLimits } from './checkLimits';
import { isForeignKeyViolation, isUniqueViolation } from './dbErrors';
import {
  DESTINATION_NAME_UNIQUE,
  deleteDestinationRow,
  findDestinationByName,
  findSealedDestinationById,
  findSealedDestinationByName,
  insertDestination,
  listDestinations,
  syncNamesUsingDestination,
  updateDestinationConnection,
  type Destination,
  type SealedDestination,
} from './destinations.repository';

export interface DestinationSettings {
  /** DESTINATION_ALLOW_PRIVATE_NETWORKS: development and tests only. */
  allowPrivateNetworks: boolean;
  /** Bound on each statement of the connection check and of mounting; 15 s when omitted. */
  statementTimeoutMs?: number;
  /** Checks per environment per minute and at once; unlimited when omitted (tests of other things). */
  checkLimits?: DestinationCheckLimits;
}

export interface DestinationInput {
  name: string;
  engine: EngineName;
  connectionString: string;
}

const CONNECTION_STRING = 'connection_string';

/** The connection string's own problem as a 400 naming the field, shaped like every other invalid field. */
function invalidConnectionString(err: ConnectionStringError): InvalidRequestError {
  return new InvalidRequestError(err.message, {
    code: 'connection_string_invalid',
    errors: [{ param: CONNECTION_STRING, message: err.message }],
  });
}

function parseInput(engine: string, connectionString: string): ConnectionFields {
  try {
    return parseConnectionString(engine, connectionString);
  } catch (err) {
    if (err instanceof ConnectionStringError) throw invalidConnectionString(err);
    throw err;
  }
}

function nameTaken(name: string): InvalidRequestError {
  return new InvalidRequestError(`A destination named ${name} already exists in this environment. Choose another name.`, {
    code: 'resource_already_exists',
    param: 'name',
  });
}

function notFound(name: string): NotFoundError {
  return new NotFoundError(`No destination named ${name} in this environment.`, 'name');
}

function inUse(name: string, syncs: string[]): InvalidRequestError {
  const list = syncs.length > 0 ? `: ${syncs.join(', ')}` : '';
  return new InvalidRequestError(`The destination ${name} is used by a sync${list}. Delete the sync first.`, {
    code: 'destination_in_use',
    param: 'name',
  });
}

/**
 * Destinations of the caller's environment. The connection string is sealed with the
 * environment id as associated data before it is stored and opened only to connect.
 */
export class DestinationsService {
  private readonly logger: Logger;

  constructor(
    private readonly knex: Knex,
    private readonly secretBox: SecretBox,
    private readonly settings: DestinationSettings,
    logger: Logger,
  ) {
    this.logger = logger.child({ module: 'destinations' });
  }

  /**
   * The connection check without creating anything. A check that ran and failed is a result
   * (`ok: false` with code and message), not an error; invalid input and a taken name are 400s,
   * because creating would be refused for them whatever the database said.
   */
  async check(caller: Caller, input: DestinationInput): Promise<CheckResult> {
    parseInput(input.engine, input.connectionString);
    if (await findDestinationByName(this.knex, caller.environmentId, input.name)) throw nameTaken(input.name);
    return this.runCheck(caller.environmentId, input);
  }

  /** Checks again (the check is what makes a destination usable), then stores it sealed. */
  async create(caller: Caller, input: DestinationInput): Promise<Destination> {
    const fields = parseInput(input.engine, input.connectionString);
    if (await findDestinationByName(this.knex, caller.environmentId, input.name)) throw nameTaken(input.name);
    const result = await this.runCheck(caller.environmentId, input);
    if (!result.ok) throw new InvalidRequestError(result.message, { code: result.code, param: CONNECTION_STRING });
    try {
      // The id is chosen here, so the connection string can be sealed for its row before the row exists.
      const id = randomUUID();
      return await this.knex.transaction(async (trx) => {
        const destination = await insertDestination(trx, {
          id,
          environmentId: caller.environmentId,
          name: input.name,
          engine: fields.engine,
          connectionSecret: this.secretBox.seal(input.connectionString, caller.environmentId, sealedPlace('destinationConnection', id)),
          connectionMasked: maskConnectionString(fields),
        });
        await writeAudit(trx, {
          ...this.audit(caller),
          action: 'destination.created',
          target: destination.name,
          details: { engine: destination.engine, connection: destination.connectionMasked },
        });
        return destination;
      });
    } catch (err) {
      if (isUniqueViolation(err, DESTINATION_NAME_UNIQUE)) throw nameTaken(input.name);
      throw err;
    }
  }

  list(caller: Caller): Promise<Destination[]> {
    return listDestinations(this.knex, caller.environmentId);
  }

  async get(caller: Caller, name: string): Promise<Destination> {
    const found = await findDestinationByName(this.knex, caller.environmentId, name);
    if (!found) throw notFound(name);
    return found;
  }

  /** Refused while a sync writes into it: the sync would be left pointing nowhere. */
  async delete(caller: Caller, name: string): Promise<Destination> {
    const found = await this.get(caller, name);
    try {
      return await this.knex.transaction(async (trx) => {
        const syncs = await syncNamesUsingDestination(trx, caller.environmentId, found.id);
        if (syncs.length > 0) throw inUse(name, syncs);
        if (!(await deleteDestinationRow(trx, caller.environmentId, found.id))) throw notFound(name);
        await writeAudit(trx, { ...this.audit(caller), action: 'destination.deleted', target: name, details: { engine: found.engine } });
        return found;
      });
    } catch (err) {
      // A sync created between the check above and the delete: the foreign key refused it.
      if (isForeignKeyViolation(err, 'syncs_destination_id_foreign')) throw inUse(name, []);
      throw err;
    }
  }

  /**
   * Replaces the connection string of an existing destination after checking the new one. Not
   * an endpoint yet; the demo seed uses it when the demo database's password changed.
   */
  async updateConnectionString(caller: Caller, name: string, connectionString: string): Promise<Destination> {
    const found = await this.get(caller, name);
    const fields = parseInput(found.engine, connectionString);
    const result = await this.runCheck(caller.environmentId, { name, engine: found.engine, connectionString });
    if (!result.ok) throw new InvalidRequestError(result.message, { code: result.code, param: CONNECTION_STRING });
    return this.knex.transaction(async (trx) => {
      const updated = await updateDestinationConnection(trx, caller.environmentId, found.id, {
        connectionSecret: this.secretBox.seal(connectionString, caller.environmentId, sealedPlace('destinationConnection', found.id)),
        connectionMasked: maskConnectionString(fields),
      });
      if (!updated) throw notFound(name);
      await writeAudit(trx, {
        ...this.audit(caller),
        action: 'destination.connection_changed',
        target: name,
        details: { connection: updated.connectionMasked },
      });
      return updated;
    });
  }

  /** Whether `connectionString` is the one stored for the destination (the demo seed's idempotence). */
  async hasConnectionString(caller: Caller, name: string, connectionString: string): Promise<boolean> {
    const found = await findSealedDestinationByName(this.knex, caller.environmentId, name);
    if (!found) throw notFound(name);
    return (
      this.secretBox.open(found.connectionSecret, caller.environmentId, sealedPlace('destinationConnection', found.id)) === connectionString
    );
  }

  /**
   * Opens a connection to a destination of the environment, through libs/destinations' one
   * `connect` (network guard included). The caller closes the handle. Throws DestinationError.
   */
  async connectById(
    environmentId: string,
    destinationId: string,
  ): Promise<{ destination: Destination; fields: ConnectionFields; handle: DestinationHandle }> {
    const found = await findSealedDestinationById(this.knex, environmentId, destinationId);
    if (!found) throw new NotFoundError('The destination of this sync no longer exists.');
    const fields = this.openFields(found);
    const handle = await connect(fields, {
      allowPrivateNetworks: this.settings.allowPrivateNetworks,
      statementTimeoutMs: this.settings.statementTimeoutMs ?? 15_000,
    });
    const { connectionSecret: _sealed, ...destination } = found;
    return { destination, fields, handle };
  }

  private openFields(destination: SealedDestination): ConnectionFields {
    return parseConnectionString(
      destination.engine,
      this.secretBox.open(destination.connectionSecret, destination.environmentId, sealedPlace('destinationConnection', destination.id)),
    );
  }

  private async runCheck(environmentId: string, input: DestinationInput): Promise<CheckResult> {
    const started = Date.now();
    const dial = () =>
      checkDestination(input.engine, input.connectionString, {
        allowPrivateNetworks: this.settings.allowPrivateNetworks,
        ...(this.settings.statementTimeoutMs ? { statementTimeoutMs: this.settings.statementTimeoutMs } : {}),
      });
    const limits = this.settings.checkLimits;
    const result = await (limits ? limits.run(environmentId, dial) : dial());
    this.logger.info('destination check finished', {
      engine: input.engine,
      ok: result.ok,
      code: result.ok ? undefined : result.code,
      durationMs: Date.now() - started,
    });
    return result;
  }

  private audit(caller: Caller) {
    return { organizationId: caller.organizationId, environmentId: caller.environmentId, actor: actorOf(caller) };
  }
}
