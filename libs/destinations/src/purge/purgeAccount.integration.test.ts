import { typedWriter } from '../testing/chargeRows';
import type { SqlEngineName, SqlHandle } from '../engines/types';
import { createWriter } from '../writers/createWriter';
import { readRows, scratchDestination, type ScratchDestination } from '../testing/scratchDestination';
import { purgeAccount } from './purgeAccount';

describe.each<SqlEngineName>(['postgres', 'mysql'])('purgeAccount on %s', (engine) => {
  let scratch: ScratchDestination;
  let handle: SqlHandle;

  beforeAll(async () => {
    scratch = await scratchDestination(engine);
    handle = await scratch.open();
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.cleanup();
  });

  it("deletes every row of that account in batches, and only that account's", async () => {
    const resource = await scratch.newTable(handle);
    const writer = typedWriter(createWriter(handle, { engine, schema: scratch.schema, spec: resource }));
    const rows = (accountId: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({ accountId, object: { id: `ch_${i}`, amount: i }, sourceTs: new Date() }));
    // The same object ids under other accounts, one of them a prefix of the purged one.
    await writer.writeBatch([...rows('acct_1', 250), ...rows('acct_10', 40), ...rows('acct_2', 30)]);
    const progress: number[] = [];
    const options = { engine, schema: scratch.schema, table: resource.table, batchSize: 100 };

    expect(await purgeAccount(handle, { ...options, accountId: 'acct_1', onBatch: (n) => progress.push(n) })).toBe(250);
    expect(progress).toEqual([100, 200, 250]);
    expect(await readRows(handle, scratch, resource, 'acct_1')).toEqual([]);
    expect((await readRows(handle, scratch, resource, 'acct_10')).length).toBe(40);
    expect((await readRows(handle, scratch, resource, 'acct_2')).length).toBe(30);
    // Running it again (a retried job) finds nothing.
    expect(await purgeAccount(handle, { ...options, accountId: 'acct_1' })).toBe(0);
  });

  it('refuses a batch size that would never finish', async () => {
    const options = { engine, schema: scratch.schema, table: 'stripe_charges', accountId: 'acct_1' };
    await expect(purgeAccount(handle, { ...options, batchSize: 0 })).rejects.toThrow('batchSize must be a positive integer');
  });
});
