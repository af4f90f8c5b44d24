import { createLoader2World, type Loader2World } from './support/loader2/loader2World';
import { changesDuringBackfill, deleteLeavesOthers, pauseAndResume, resyncSwapsIn } from './support/loader2/syncScenarios';

// Loader II through the public API and real processes, on a Postgres destination: incremental
// sync after a backfill that saw changes, pause and resume, resync, delete.

let world: Loader2World;

beforeAll(async () => {
  world = await createLoader2World('postgres');
  await world.startLoader();
  await world.startApi();
});

afterAll(async () => {
  await world?.close();
});

it('changes made at the provider during the backfill, several within one second, are all in the destination after one poll', () => changesDuringBackfill(world));

it('pause mid-backfill: no row is written once it settled; resume: the backfill continues and ends exact', () => pauseAndResume(world));

it('resync: rows stay readable while it runs, then the table matches the provider again', () => resyncSwapsIn(world));

it('delete: 200, every row of the account gone from every table, the other account untouched, then 404', () => deleteLeavesOthers(world));
