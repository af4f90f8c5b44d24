import { getResource, type CatalogResource } from '@datasync/providers';
import type { LoaderDeps } from '../deps';
import { findRun, type Run } from './runs.repository';
import { findAccount, findDestination, findSource, type AccountRecord, type SourceRecord } from '../targets/targets.repository';
import type { SealedDestination } from '../access/destinationAccess';

/** Everything a segment job reads before touching the provider or the destination. */
export interface RunContext {
  run: Run;
  account: AccountRecord;
  source: SourceRecord;
  destination: SealedDestination & { id: string };
  resource: CatalogResource;
}

/** The run and what it loads; undefined when any of it is gone (deleted account, sync or destination). */
export async function loadRunContext(deps: Pick<LoaderDeps, 'knex'>, runId: string): Promise<RunContext | undefined> {
  const run = await findRun(deps.knex, runId);
  if (!run) return undefined;
  const account = await findAccount(deps.knex, run.accountId);
  if (!account) return undefined;
  const [source, destination] = await Promise.all([
    findSource(deps.knex, account.environmentId, account.sourceId),
    findDestination(deps.knex, account.environmentId, run.destinationId),
  ]);
  if (!source || !destination) return undefined;
  return { run, account, source, destination, resource: getResource(source.provider, run.resourceType) };
}
