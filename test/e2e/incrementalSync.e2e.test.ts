import { createFullStackWorld, type FullStackWorld } from './support/fullStackWorld';
import { changesDuringBackfill, deleteLeavesOthers, pauseAndResume, resyncSwapsIn } from './support/syncScenarios';

// Incremental sync through the public API and real processes, on a Postgres destination: changes
// after a backfill that saw changes, pause and resume, resync, delete.

let world: FullStackWorld;

beforeAll(async () => {
  world = await createFullStackWorld('postgres');
  await world.startLoader();
  await world.startApi();
});

afterAll(async () => {
  await world?.close();
});

it('changes made at the provider during the backfill, several within one second, are all in the destination after one poll', () =>
  changesDuringBackfill(world));

it('pause mid-backfill: no row is written once it settled; resume: the backfill continues and ends exact', () => pauseAndResume(world));

it('resync: rows stay readable while it runs, then the table matches the provider again', () => resyncSwapsIn(world));

it('delete: 200, every row of the account gone from every table, the other account untouched, then 404', () => deleteLeavesOthers(world));
