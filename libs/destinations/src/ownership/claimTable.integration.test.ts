import type { DestinationHandle } from '../engines/types';
import { scratchDestination, type ScratchDestination } from '../testing/scratchDestination';
import { startTestS3Server, type TestS3 } from '../testing/testS3Server';
import { claimTable, mayTouchTable, readTableClaim } from './claimTable';
import { TableOwnedError } from './tableOwnedError';
import type { TableOwner } from './tableOwner';

const production: TableOwner = { environmentId: 'env-prod', environmentName: 'production', syncId: 'sync-prod', syncName: 'prod_sync' };
const development: TableOwner = { environmentId: 'env-dev', environmentName: 'development', syncId: 'sync-dev', syncName: 'dev_sync' };

interface Place {
  open(): Promise<DestinationHandle>;
  schema: string;
  cleanup(): Promise<void>;
}

async function sqlPlace(engine: 'postgres' | 'mysql'): Promise<Place> {
  const scratch: ScratchDestination = await scratchDestination(engine);
  return { open: () => scratch.open(), schema: scratch.schema, cleanup: () => scratch.cleanup() };
}

async function s3Place(): Promise<Place> {
  const s3: TestS3 = await startTestS3Server();
  return { open: () => s3.open({ prefix: 'warehouse' }), schema: 'warehouse', cleanup: () => s3.close() };
}

describe.each([
  ['postgres', () => sqlPlace('postgres')],
  ['mysql', () => sqlPlace('mysql')],
  ['s3', s3Place],
])('claiming a table (%s)', (_engine, makePlace) => {
  let place: Place;
  let first: DestinationHandle;
  let second: DestinationHandle;
  let table = 0;
  const nextTable = () => `stripe_charges_${(table += 1)}`;
  beforeAll(async () => {
    place = await makePlace();
    [first, second] = await Promise.all([place.open(), place.open()]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await place?.cleanup();
  });

  it('records the first owner and refuses another environment, naming the owner', async () => {
    const name = nextTable();
    expect(await claimTable(first, { schema: place.schema, table: name, owner: production })).toBe('created');
    expect(await claimTable(first, { schema: place.schema, table: name, owner: production })).toBe('held');
    const refused = claimTable(second, { schema: place.schema, table: name, owner: development });
    await expect(refused).rejects.toBeInstanceOf(TableOwnedError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      code: 'table_owned',
      message: expect.stringContaining('the sync prod_sync (sync-prod) of the environment production (env-prod)'),
    });
    expect(await readTableClaim(second, place.schema, name)).toMatchObject({ ...production, table: name });
  });

  it('lets exactly one of two concurrent claimants win', async () => {
    const name = nextTable();
    const results = await Promise.allSettled([
      claimTable(first, { schema: place.schema, table: name, owner: production }),
      claimTable(second, { schema: place.schema, table: name, owner: development }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect([won.length, lost.length]).toEqual([1, 1]);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(TableOwnedError);
    const holder = await readTableClaim(first, place.schema, name);
    expect(holder?.syncId).toBe(results[0]?.status === 'fulfilled' ? 'sync-prod' : 'sync-dev');
  });

  it('takes over a released claim, and only then', async () => {
    const name = nextTable();
    await claimTable(first, { schema: place.schema, table: name, owner: production });
    const notReleased = () => Promise.resolve(false);
    await expect(
      claimTable(second, { schema: place.schema, table: name, owner: development, released: notReleased }),
    ).rejects.toBeInstanceOf(TableOwnedError);
    const released = (holder: { syncId: string }) => Promise.resolve(holder.syncId === 'sync-prod');
    expect(await claimTable(second, { schema: place.schema, table: name, owner: development, released })).toBe('taken_over');
    expect(await readTableClaim(first, place.schema, name)).toMatchObject(development);
  });

  it('lets the owner, or anyone on a table without a marker, touch the table; no one else', async () => {
    const name = nextTable();
    expect(await mayTouchTable(first, place.schema, name, [development])).toEqual({ allowed: true });
    await claimTable(first, { schema: place.schema, table: name, owner: production });
    expect(await mayTouchTable(first, place.schema, name, [production])).toEqual({ allowed: true });
    expect(await mayTouchTable(first, place.schema, name, [development])).toMatchObject({ allowed: false, holder: production });
  });
});
