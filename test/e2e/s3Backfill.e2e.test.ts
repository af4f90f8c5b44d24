import { TABLES } from '@datasync/db';
import { getText, type S3Handle } from '@datasync/destinations';
import { latestState, readParts, startTestS3Server, type TestS3 } from '@datasync/destinations/testing';
import { waitFor } from '@datasync/testing';
import { canonicalJson, createLoaderWorld, providerCharges, waitForStatus, type LoaderWorld } from './support/loaderWorld';
import { TENTH_SCALE } from './support/tenthScale';
import { withoutLatency } from './support/undelayedReads';

// The S3 destination end to end: the loader backfills an account into s3rver (Parquet), is killed
// with SIGKILL halfway and started again; the bucket then holds every provider object exactly once
// (no part of a segment written twice), and the newest row per (account_id, id) is the provider's.

// 200 pages of 10 rows: the pages, segments, batches and so parts of 20,000 rows at the default
// page of 100 (support/tenthScale.ts), so the kill lands among as many parts being written; the
// rows in each part are not what a part written twice would show.
const ROWS = 2_000;
const PREFIX = 'e2e/exports';
// Until the kill, each request answered in a second: the 160 pages still to read after a
// fifth then take 10 s or more (16 at a time), so the kill lands mid-backfill however fast the
// machine; once the loader is dead the account answers at the emulator's usual speed again.
const HOLD = { latency_ms: 1_000 };
const LOADER_ENV = { ...TENTH_SCALE, LOADER_SEGMENT_LEASE_MS: '10000', LOADER_RECONCILE_INTERVAL_MS: '5000' };

let world: LoaderWorld;
let s3: TestS3;
let handle: S3Handle;

beforeAll(async () => {
  world = await createLoaderWorld();
  s3 = await startTestS3Server({ gateway: false });
  handle = await s3.open({ format: 'parquet' });
  // The world's sync writes to Postgres; point its destination at the bucket, as config-service
  // would have stored an s3 destination.
  const connection = s3.url({ prefix: PREFIX, format: 'parquet' });
  await world.controlPlane
    .knex(TABLES.destinations)
    .where({ environment_id: world.environmentId })
    .update({
      engine: 's3',
      connection_secret: world.secretBox.seal(connection, world.environmentId),
      connection_masked: 's3://…',
    });
});

afterAll(async () => {
  await handle?.close();
  await world?.close();
  await s3?.close();
});

const accountFolder = (identifier: string) => `${PREFIX}/stripe_charges/account_id=${identifier}/`;
const rowsIn = async (identifier: string) => (await readParts(handle, accountFolder(identifier))).reduce((n, p) => n + p.rows.length, 0);

it('backfills into S3 across a kill -9: every object once, the latest state equal to the provider', async () => {
  const first = await world.startLoader(LOADER_ENV, 'loader-1');
  const account = await world.insertAccount({ charges: ROWS });
  await world.emulator.faults(account.externalId, HOLD);
  await world.attach(account.id);

  await waitFor(async () => (await rowsIn(account.identifier)) >= ROWS * 0.2, {
    description: 'a fifth of the backfill in the bucket',
    timeoutMs: 90_000,
    intervalMs: 250,
  });
  await first.kill();
  await world.emulator.faults(account.externalId, { latency_ms: null });
  expect(await rowsIn(account.identifier)).toBeLessThan(ROWS);

  await world.startLoader(LOADER_ENV, 'loader-2');
  await waitForStatus(world.controlPlane.knex, account.id, 'live', 150_000);

  const schema = JSON.parse((await getText(handle, `${PREFIX}/stripe_charges/_schema.json`)) ?? 'null') as { format: string };
  expect(schema.format).toBe('parquet');

  const parts = await readParts(handle, accountFolder(account.identifier));
  const rows = parts.flatMap((p) => p.rows);
  const ids = rows.map((r) => r.id);
  expect({ rows: ids.length, distinct: new Set(ids).size }).toEqual({ rows: ROWS, distinct: ROWS });
  const [run] = (await world.controlPlane.knex(TABLES.runs).where({ account_id: account.id }).select('id')) as { id: string }[];
  for (const part of parts) expect(part.key).toMatch(new RegExp(`/part-${run?.id ?? 'none'}_\\d{5}_[0-9a-f]{20}_\\d{3}\\.parquet$`));

  // The completed run's manifest lists exactly the parts in the bucket: a reader's signal that the run is whole.
  const manifest = JSON.parse(
    (await getText(handle, `${accountFolder(account.identifier)}_manifests/run-${run?.id ?? 'none'}.json`)) ?? 'null',
  ) as {
    part_count: number;
    parts: { key: string }[];
  } | null;
  expect(manifest?.parts.map((p) => p.key)).toEqual(parts.map((p) => p.key));
  expect(manifest?.part_count).toBe(parts.length);

  const provider = await withoutLatency(world.emulator.url, account.externalId, () => providerCharges(world.emulator.url, account.key));
  const latest = latestState(rows);
  const different = [...provider]
    .filter(([id, object]) => canonicalJson(latest.get(`${account.identifier}\0${id}`)?.data) !== canonicalJson(object))
    .map(([id]) => id);
  expect(different).toEqual([]);
});
