import { lifecycleDuringWrites } from './support/fenceScenario';
import { createFullStackWorld, type FullStackWorld } from './support/fullStackWorld';
import { changesDuringBackfill, deleteLeavesOthers, destinationOutage, resyncSwapsIn } from './support/syncScenarios';

// Incremental sync through the public API and real processes, on a MariaDB destination (the MySQL
// writer): changes after a backfill that saw changes, resync, delete, and the destination
// unreachable mid-backfill (the MySQL driver's connection errors). Pause and resume, Redis restarts
// and provider faults do not depend on the engine; incrementalSync and syncFaults run them.

let world: FullStackWorld;

beforeAll(async () => {
  world = await createFullStackWorld('mysql');
  await world.startLoader();
  await world.startApi();
});

afterAll(async () => {
  await world?.close();
});

it('changes made at the provider during the backfill, several within one second, are all in the destination after one poll', () =>
  changesDuringBackfill(world));

it('resync: rows stay readable while it runs, then the table matches the provider again', () => resyncSwapsIn(world));

it('delete: 200, every row of the account gone from every table, the other account untouched, then 404', () => deleteLeavesOthers(world));

it('destination unreachable for 30 s mid-backfill: the account shows error meanwhile, then completes exact; a delete meanwhile answers 202, then 404', () =>
  destinationOutage(world));

it(
  'delete, pause and unmount during a verification, a resync and a backfill: no row of the deleted account, nothing written after the pause or the unmount answered',
  () => lifecycleDuringWrites(world),
  300_000,
);
