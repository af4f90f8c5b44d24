import { claimReleased, noCollectionHooks, syncOwner, waitForWritesStopped, type CollectionHooks as MountHooks } from '@datasync/accounts';
import { actorOf, writeAudit, type Caller } from '@datasync/auth';
import { collectionFence, DEFAULT_FENCE_WAIT_MS, type Knex } from '@datasync/db';
import { claimTable, destinationColumns, DestinationError, ensureTable, primaryKey, type ColumnDefinition } from '@datasync/destinations';
import { InvalidRequestError, NotFoundError } from '@datasync/errors';
import type { Logger } from '@datasync/logger';
import { findResource, resourceNames, tableSpecOf, type CatalogResource } from '@datasync/providers';
import { isUniqueViolation } from '../destinations/dbErrors';
import type { DestinationsService } from '../destinations/destinations.service';
import type { Sync } from '../syncs/syncs.repository';
import type { SyncsService } from '../syncs/syncs.service';
import {
  COLLECTION_UNIQUE,
  findCollection,
  insertCollection,
  listCollections,
  markUnmounted,
  remountCollection,
  type Collection,
} from './collections.repository';

/** The loader's hook after a mount commits (libs/accounts' hooks), given this service's Collection. */
export type CollectionHooks = MountHooks<Collection>;

/** A collection with what its page shows: the catalog's label and the table's columns in the destination's types. */
export interface CollectionDetail {
  collection: Collection;
  sync: Sync;
  label: string;
  columns: ColumnDefinition[];
  primaryKey: readonly string[];
}

function alreadyMounted(resourceType: string, sync: string): InvalidRequestError {
  return new InvalidRequestError(`The collection ${resourceType} is already mounted in the sync ${sync}.`, {
    code: 'resource_already_exists',
    param: 'resource_type',
  });
}

function notMounted(resourceType: string, sync: string): NotFoundError {
  return new NotFoundError(`No collection ${resourceType} is mounted in the sync ${sync}.`, 'resource_type');
}

export class CollectionsService {
  private readonly logger: Logger;

  constructor(
    private readonly knex: Knex,
    private readonly syncs: SyncsService,
    private readonly destinations: DestinationsService,
    logger: Logger,
    private readonly hooks: CollectionHooks = noCollectionHooks,
    /** How long an unmount waits for the loader's writes in flight into the table (libs/db writeFence.ts). */
    private readonly fenceWaitMs: number = DEFAULT_FENCE_WAIT_MS,
  ) {
    this.logger = logger.child({ module: 'collections' });
  }

  /**
   * Claims `<provider>_<resource>` in the sync's destination for this sync and creates it,
   * synchronously so the user sees a failure at once, and records the collection only once the
   * table exists: a failed mount leaves nothing behind in the control plane. A table another sync
   * owns (of this or another environment) is a 409 `table_owned` naming it; one without an owner
   * (made before owners were recorded) is adopted. The DDL is idempotent, so a table that already
   * exists (an earlier mount) is kept and completed with missing columns.
   */
  async mount(caller: Caller, syncName: string, resourceType: string): Promise<CollectionDetail> {
    const sync = await this.syncs.get(caller, syncName);
    const resource = this.resourceOf(sync, resourceType);
    const existing = await findCollection(this.knex, caller.environmentId, sync.id, resourceType);
    if (existing && existing.unmountedAt === null) throw alreadyMounted(resourceType, sync.name);

    await this.createTable(sync, resource);

    let collection: Collection;
    try {
      collection = await this.knex.transaction(async (trx) => {
        const mounted = existing
          ? await remountCollection(trx, caller.environmentId, existing.id)
          : await insertCollection(trx, { environmentId: caller.environmentId, syncId: sync.id, resourceType, tableName: resource.table });
        if (!mounted) throw alreadyMounted(resourceType, sync.name);
        await writeAudit(trx, {
          ...this.audit(caller),
          action: 'collection.mounted',
          target: `${sync.name}/${resourceType}`,
          details: { sync: sync.name, resource_type: resourceType, table: resource.table, destination: sync.destinationName },
        });
        return mounted;
      });
    } catch (err) {
      if (isUniqueViolation(err, COLLECTION_UNIQUE)) throw alreadyMounted(resourceType, sync.name);
      throw err;
    }
    // After the commit, so that whatever the hook starts finds the collection.
    await this.hooks.collectionMounted(collection);
    return this.detail(sync, collection, resource);
  }

  /** Every collection the sync ever mounted, mounted ones first. */
  async list(caller: Caller, syncName: string): Promise<{ sync: Sync; collections: Collection[] }> {
    const sync = await this.syncs.get(caller, syncName);
    return { sync, collections: await listCollections(this.knex, caller.environmentId, sync.id) };
  }

  /** The collection, mounted or unmounted; 404 when the sync never mounted it. */
  async get(caller: Caller, syncName: string, resourceType: string): Promise<CollectionDetail> {
    const sync = await this.syncs.get(caller, syncName);
    const collection = await findCollection(this.knex, caller.environmentId, sync.id, resourceType);
    const resource = findResource(sync.provider, resourceType);
    if (!collection || !resource) throw new NotFoundError(`The sync ${sync.name} has no collection ${resourceType}.`, 'resource_type');
    return this.detail(sync, collection, resource);
  }

  /**
   * Marks it unmounted: loading stops, the table and its rows stay in the destination. Answers once
   * the loader's writes into the table that were in flight have ended: none lands after it.
   */
  async unmount(caller: Caller, syncName: string, resourceType: string): Promise<CollectionDetail> {
    const sync = await this.syncs.get(caller, syncName);
    const resource = findResource(sync.provider, resourceType);
    const existing = await findCollection(this.knex, caller.environmentId, sync.id, resourceType);
    if (!existing || !resource) throw notMounted(resourceType, sync.name);
    const collection = await this.knex.transaction(async (trx) => {
      const unmounted = await markUnmounted(trx, caller.environmentId, existing.id);
      if (!unmounted) throw notMounted(resourceType, sync.name);
      await writeAudit(trx, {
        ...this.audit(caller),
        action: 'collection.unmounted',
        target: `${sync.name}/${resourceType}`,
        details: { sync: sync.name, resource_type: resourceType, table: resource.table },
      });
      return unmounted;
    });
    await waitForWritesStopped(this.knex, collectionFence(collection.id), this.fenceWaitMs, `The collection ${resourceType} is unmounted`);
    return this.detail(sync, collection, resource);
  }

  private resourceOf(sync: Sync, resourceType: string): CatalogResource {
    const resource = findResource(sync.provider, resourceType);
    if (!resource) {
      const message = `${resourceType} is not a resource of ${sync.provider}; choose one of ${resourceNames(sync.provider).join(', ')}.`;
      throw new InvalidRequestError(message, { code: 'parameter_invalid', errors: [{ param: 'resource_type', message }] });
    }
    return resource;
  }

  private async createTable(sync: Sync, resource: CatalogResource): Promise<void> {
    try {
      const { fields, handle } = await this.destinations.connectById(sync.environmentId, sync.destinationId);
      try {
        const owner = await syncOwner(this.knex, sync.id);
        if (!owner) throw new NotFoundError(`No sync named ${sync.name} in this environment.`, 'name');
        // Before the DDL: a table another sync owns is left exactly as it is.
        const claim = await claimTable(handle, {
          schema: fields.schema,
          table: resource.table,
          owner,
          released: (holder) => claimReleased(this.knex, holder),
        });
        const result = await ensureTable(handle, fields.engine, fields.schema, tableSpecOf(resource));
        this.logger.info('collection table ensured', {
          sync: sync.id,
          table: resource.table,
          claim,
          created: result.created,
          addedColumns: result.addedColumns,
        });
      } finally {
        await handle.close();
      }
    } catch (err) {
      if (!(err instanceof DestinationError)) throw err;
      this.logger.info('collection mount failed in the destination', { sync: sync.id, table: resource.table, code: err.code });
      throw new InvalidRequestError(
        `Could not create the table ${resource.table} in the destination ${sync.destinationName}: ${err.message}`,
        {
          code: err.code,
        },
      );
    }
  }

  private detail(sync: Sync, collection: Collection, resource: CatalogResource): CollectionDetail {
    return {
      collection,
      sync,
      label: resource.label,
      columns: destinationColumns(sync.destinationEngine, tableSpecOf(resource)),
      primaryKey,
    };
  }

  private audit(caller: Caller) {
    return { organizationId: caller.organizationId, environmentId: caller.environmentId, actor: actorOf(caller) };
  }
}
