import { createWriter, type Writer } from '@datasync/destinations';
import type { Knex } from '@datasync/db';
import { getResource, tableSpecOf } from '@datasync/providers';
import { openDestination, sealedDestination, type OpenDestination } from '../access/destinationAccess';
import { claimForSync } from '../access/tableOwnership';
import { fencedOrThrow } from '../access/writeFence';
import type { LoaderDeps } from '../deps';
import type { ChangeTarget } from './applyChanges';
import type { PollTarget } from './pollTargets.repository';

/**
 * Opens what a poll writes with, lazily (a poll without events opens nothing): one connection
 * per destination, one writer per table, closed together at the end of the poll. Each table's
 * writes go through its `fenced`, on the poll's transaction `db` (access/writeFence.ts).
 */
export class TableOpener {
  private readonly destinations = new Map<string, Promise<OpenDestination>>();
  private readonly tables = new Map<string, ChangeTarget>();
  private readonly writers: Writer[] = [];

  constructor(
    private readonly deps: Pick<LoaderDeps, 'knex' | 'destinations' | 'secretBox'>,
    private readonly environmentId: string,
    private readonly provider: string,
    private readonly db: Knex.Transaction,
    private readonly accountId: string,
  ) {}

  async open(target: PollTarget): Promise<ChangeTarget> {
    const key = `${target.destinationId}/${target.tableName}`;
    const known = this.tables.get(key);
    if (known) return known;
    const { handle, schema } = await this.destination(target);
    // Events, and a resync's sweep, go only into a table this sync owns (TableOwnedError otherwise).
    await claimForSync(this.deps.knex, handle, { schema, table: target.tableName, syncId: target.syncId });
    const resource = getResource(this.provider, target.resourceType);
    const writer = createWriter(handle, { engine: target.engine, schema, spec: tableSpecOf(resource) });
    this.writers.push(writer);
    const scope = { accountId: this.accountId, collectionId: target.collectionId };
    const opened: ChangeTarget = {
      table: { handle, schema, table: target.tableName },
      tableName: target.tableName,
      resource,
      writer,
      fenced: (write) => fencedOrThrow(this.db, scope, write),
    };
    this.tables.set(key, opened);
    return opened;
  }

  async close(): Promise<void> {
    await Promise.all(this.writers.map((w) => w.close().catch(() => undefined)));
    for (const destination of this.destinations.values()) {
      await destination.then((d) => d.handle.close()).catch(() => undefined);
    }
  }

  private destination(target: PollTarget): Promise<OpenDestination> {
    let destination = this.destinations.get(target.destinationId);
    if (!destination) {
      destination = openDestination(this.deps.destinations, this.deps.secretBox, this.environmentId, sealedDestination(target));
      // A failed connection is tried again by the next table that needs it.
      destination.catch(() => this.destinations.delete(target.destinationId));
      this.destinations.set(target.destinationId, destination);
    }
    return destination;
  }
}
