import type { SqlHandle } from '../types';
import { createWriter } from '../../writers/createWriter';
import { readRows, scratchDestination, type ScratchDestination } from '../../testing/scratchDestination';
import type { WriteRow } from '../../writers/writeRow';

const at = (second: number): Date => new Date(Date.UTC(2024, 0, 1) + second * 1000);
const state = (id: string, amount: number, second: number): WriteRow => ({
  accountId: 'acct_1',
  object: { id, object: 'charge', amount, description: 'tab\there\nnew line back\\slash \\N é 🎉' },
  sourceTs: at(second),
});

describe('Postgres writer, a first load', () => {
  let scratch: ScratchDestination;
  let handle: SqlHandle;

  beforeAll(async () => {
    scratch = await scratchDestination('postgres');
    handle = await scratch.open();
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.cleanup();
  });

  /** Whether this session ever needed the upsert's staging table for the resource's table. */
  async function stagedOnThisSession(table: string): Promise<boolean> {
    const { rows } = await handle.query('SELECT to_regclass($1) AS staging', [`pg_temp._datasync_stage_${table}`]);
    return (rows[0] as { staging: string | null }).staging !== null;
  }

  it('COPYs new rows straight into the table, with no staging table', async () => {
    const resource = await scratch.newTable(handle);
    const writer = createWriter(handle, { engine: 'postgres', schema: scratch.schema, resource });
    const batch = Array.from({ length: 250 }, (_, i) => state(`ch_${String(i).padStart(3, '0')}`, i, 1));

    expect(await writer.writeBatch(batch, { likelyNew: true })).toEqual({ written: 250 });

    const rows = await readRows(handle, scratch, resource, 'acct_1');
    expect(rows.map((r) => [r.id, r.amount, r.data])).toEqual(batch.map((s) => [s.object.id, String(s.object.amount), s.object]));
    expect(await stagedOnThisSession(resource.table)).toBe(false);
  });

  it('writes a batch through the upsert when one of its rows is there already, keeping the newer state', async () => {
    const resource = await scratch.newTable(handle);
    const writer = createWriter(handle, { engine: 'postgres', schema: scratch.schema, resource });
    await writer.writeBatch([state('ch_b', 99, 10), state('ch_c', 1, 2)]);

    // ch_b's stored state is newer than the batch's; ch_c's older; ch_a and ch_d are new.
    const batch = [state('ch_a', 5, 5), state('ch_b', 5, 5), state('ch_c', 5, 5), state('ch_d', 5, 5)];
    expect(await writer.writeBatch(batch, { likelyNew: true })).toEqual({ written: 4 });

    const rows = await readRows(handle, scratch, resource, 'acct_1');
    expect(rows.map((r) => [r.id, r.amount, r._source_ts])).toEqual([
      ['ch_a', '5', at(5).toISOString()],
      ['ch_b', '99', at(10).toISOString()],
      ['ch_c', '5', at(5).toISOString()],
      ['ch_d', '5', at(5).toISOString()],
    ]);
  });
});
