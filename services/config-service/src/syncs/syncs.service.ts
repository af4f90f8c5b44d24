import { actorOf, writeAudit, type Caller } from '@datasync/auth';
import type { Knex } from '@datasync/db';
import { InvalidRequestError, NotFoundError } from '@datasync/errors';
import { listCollections, type Collection } from '../collections/collections.repository';
import { isUniqueViolation } from '../destinations/dbErrors';
import { findDestinationByName } from '../destinations/destinations.repository';
import { findSourceByName } from '../sources/sources.repository';
import type { SyncAccountCounts, SyncActivityReader, SyncLoadActivity } from './syncActivity';
import {
  SYNC_NAME_UNIQUE,
  SYNC_PAIR_UNIQUE,
  deleteSyncRow,
  findSyncById,
  findSyncByName,
  findSyncByPair,
  insertSync,
  listSyncs,
  type Sync,
} from './syncs.repository';

export interface SyncInput {
  name: string;
  sourceName: string;
  destinationName: string;
}

/** The sync's Overview tab. */
export interface SyncOverview {
  sync: Sync;
  /** Mounted collections only; unmounted ones are history, listed under the sync's collections. */
  collections: Collection[];
  accounts: SyncAccountCounts;
  activity: SyncLoadActivity;
}

function nameTaken(name: string): InvalidRequestError {
  return new InvalidRequestError(`A sync named ${name} already exists in this environment. Choose another name.`, {
    code: 'resource_already_exists',
    param: 'name',
  });
}

function pairTaken(existing: Pick<Sync, 'name' | 'sourceName' | 'destinationName'>): InvalidRequestError {
  return new InvalidRequestError(
    `The sync ${existing.name} already connects the source ${existing.sourceName} to the destination ${existing.destinationName}; ` +
      'a source reaches a destination through one sync only. Mount more collections in that sync instead.',
    { code: 'resource_already_exists', param: 'destination' },
  );
}

/**
 * References in the request body to things that do not exist: the request is wrong, so 400
 * (docs/configuration-api.md, Errors), naming every missing one like a validation error does.
 */
function unknownReferences(missing: { param: 'source' | 'destination'; name: string }[]): InvalidRequestError {
  const errors = missing.map(({ param, name }) => ({ param, message: `No ${param} named ${name} in this environment.` }));
  return new InvalidRequestError(`${errors.map((e) => e.message).join(' ')} Create it first, or check the name.`, {
    code: 'resource_missing',
    errors,
  });
}

function notFound(name: string): NotFoundError {
  return new NotFoundError(`No sync named ${name} in this environment.`, 'name');
}

export class SyncsService {
  constructor(
    private readonly knex: Knex,
    private readonly activity: SyncActivityReader,
  ) {}

  async create(caller: Caller, input: SyncInput): Promise<Sync> {
    const env = caller.environmentId;
    const [source, destination, sameName] = await Promise.all([
      findSourceByName(this.knex, env, input.sourceName),
      findDestinationByName(this.knex, env, input.destinationName),
      findSyncByName(this.knex, env, input.name),
    ]);
    if (!source || !destination) {
      throw unknownReferences([
        ...(source ? [] : [{ param: 'source' as const, name: input.sourceName }]),
        ...(destination ? [] : [{ param: 'destination' as const, name: input.destinationName }]),
      ]);
    }
    if (sameName) throw nameTaken(input.name);
    const samePair = await findSyncByPair(this.knex, env, source.id, destination.id);
    if (samePair) throw pairTaken(samePair);
    try {
      return await this.knex.transaction(async (trx) => {
        const id = await insertSync(trx, { environmentId: env, name: input.name, sourceId: source.id, destinationId: destination.id });
        await writeAudit(trx, {
          ...this.audit(caller),
          action: 'sync.created',
          target: input.name,
          details: { source: source.name, destination: destination.name },
        });
        return (await findSyncById(trx, env, id)) as Sync;
      });
    } catch (err) {
      if (isUniqueViolation(err, SYNC_NAME_UNIQUE)) throw nameTaken(input.name);
      if (isUniqueViolation(err, SYNC_PAIR_UNIQUE)) {
        throw pairTaken({ name: 'another sync', sourceName: source.name, destinationName: destination.name });
      }
      throw err;
    }
  }

  list(caller: Caller): Promise<Sync[]> {
    return listSyncs(this.knex, caller.environmentId);
  }

  async get(caller: Caller, name: string): Promise<Sync> {
    const found = await findSyncByName(this.knex, caller.environmentId, name);
    if (!found) throw notFound(name);
    return found;
  }

  async overview(caller: Caller, name: string): Promise<SyncOverview> {
    const sync = await this.get(caller, name);
    const [collections, accounts, activity] = await Promise.all([
      listCollections(this.knex, caller.environmentId, sync.id, { mountedOnly: true }),
      this.activity.accountCounts(sync),
      this.activity.loadActivity(sync),
    ]);
    return { sync, collections, accounts, activity };
  }

  /**
   * Deletes the sync and its collections, as deleting a connection does in Airbyte or Fivetran:
   * loading through it stops, the tables and rows already in the destination stay, and the
   * source and destination remain for other syncs. Asking to unmount every collection first
   * would add steps without protecting any data.
   */
  async delete(caller: Caller, name: string): Promise<{ sync: Sync; unmounted: string[] }> {
    const sync = await this.get(caller, name);
    return this.knex.transaction(async (trx) => {
      const mounted = await listCollections(trx, caller.environmentId, sync.id, { mountedOnly: true });
      if (!(await deleteSyncRow(trx, caller.environmentId, sync.id))) throw notFound(name);
      const unmounted = mounted.map((c) => c.resourceType);
      await writeAudit(trx, {
        ...this.audit(caller),
        action: 'sync.deleted',
        target: name,
        details: { source: sync.sourceName, destination: sync.destinationName, collections: unmounted },
      });
      return { sync, unmounted };
    });
  }

  private audit(caller: Caller) {
    return { organizationId: caller.organizationId, environmentId: caller.environmentId, actor: actorOf(caller) };
  }
}
