import { typedWriter, type UntypedRow } from '../testing/chargeRows';
import { ensureTable } from '../ddl/ensureTable';
import type { SqlHandle } from '../engines/types';
import { createWriter } from './createWriter';
import { readRows, scratchDestination, type ScratchDestination } from '../testing/scratchDestination';

const at = (second: number): Date => new Date(Date.UTC(2024, 0, 1) + second * 1000);
const state = (id: string, amount: number, second: number): UntypedRow => ({
  accountId: 'acct_1',
  object: { id, object: 'charge', amount, description: 'tab\there\nnew line back\\slash \\N é 🎉' },
  sourceTs: at(second),
});

describe('Postgres writer specifics', () => {
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

  it('drops NUL characters, which Postgres cannot store, instead of failing the batch', async () => {
    const resource = await scratch.newTable(handle);
    const writer = typedWriter(createWriter(handle, { engine: 'postgres', schema: scratch.schema, spec: resource }));
    const object = { id: 'ch_nul', description: 'a\0b', metadata: { k: 'c\0d' } };
    await writer.writeBatch([{ accountId: 'acct_1', object, sourceTs: at(1) }]);
    const [row] = await readRows(handle, scratch, resource, 'acct_1');
    expect([row?.description, row?.data, row?.metadata]).toEqual([
      'ab',
      { id: 'ch_nul', description: 'ab', metadata: { k: 'cd' } },
      { k: 'cd' },
    ]);
  });

  it('rolls back a COPY the server refuses midway, and the connection goes on', async () => {
    const resource = await scratch.newTable(handle);
    // A spec that disagrees with the table: text sent into the bigint column fails the COPY.
    const wrong = {
      table: resource.table,
      columns: resource.columns.map((c) => (c.name === 'amount' ? { ...c, type: 'text' as const } : c)),
    };
    const bad = typedWriter(createWriter(handle, { engine: 'postgres', schema: scratch.schema, spec: wrong }), wrong.columns);
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      accountId: 'acct_1',
      object: { id: `ch_${i}`, amount: i === 2500 ? 'usd' : null },
      sourceTs: at(1),
    }));
    await expect(bad.writeBatch(rows)).rejects.toMatchObject({ code: 'statement_failed' });
    const good = typedWriter(createWriter(handle, { engine: 'postgres', schema: scratch.schema, spec: resource }));
    expect(await good.writeBatch(rows.slice(0, 10))).toEqual({ written: 10 });
    expect((await readRows(handle, scratch, resource, 'acct_1')).length).toBe(10);
  });

  it('recreates its staging table for a new writer after the table gained a column', async () => {
    const resource = await scratch.newTable(handle);
    const first = typedWriter(createWriter(handle, { engine: 'postgres', schema: scratch.schema, spec: resource }));
    await first.writeBatch([{ accountId: 'acct_1', object: { id: 'ch_1' }, sourceTs: at(1) }]);
    const grown = {
      table: resource.table,
      columns: [...resource.columns, { name: 'note', type: 'text' as const }],
    };
    await ensureTable(handle, 'postgres', scratch.schema, grown);
    const second = typedWriter(createWriter(handle, { engine: 'postgres', schema: scratch.schema, spec: grown }), grown.columns);
    await second.writeBatch([{ accountId: 'acct_1', object: { id: 'ch_2', note: 'new column' }, sourceTs: at(2) }]);
    const rows = await readRows(handle, scratch, grown, 'acct_1');
    expect(rows.map((r) => [r.id, r.note])).toEqual([
      ['ch_1', null],
      ['ch_2', 'new column'],
    ]);
    const staging = "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname LIKE 'pg_temp%' AND tablename = $1";
    expect((await handle.query(staging, [`_datasync_stage_${resource.table}`])).rows).toEqual([{ n: 1 }]);
    await second.close();
    expect((await handle.query(staging, [`_datasync_stage_${resource.table}`])).rows).toEqual([{ n: 0 }]);
  });

  /** Whether this session ever needed the upsert's staging table for the resource's table. */
  async function stagedOnThisSession(table: string): Promise<boolean> {
    const { rows } = await handle.query('SELECT to_regclass($1) AS staging', [`pg_temp._datasync_stage_${table}`]);
    return (rows[0] as { staging: string | null }).staging !== null;
  }

  it("COPYs a first load's new rows straight into the table, with no staging table", async () => {
    const resource = await scratch.newTable(handle);
    const writer = typedWriter(createWriter(handle, { engine: 'postgres', schema: scratch.schema, spec: resource }));
    const batch = Array.from({ length: 250 }, (_, i) => state(`ch_${String(i).padStart(3, '0')}`, i, 1));

    expect(await writer.writeBatch(batch, { likelyNew: true })).toEqual({ written: 250 });

    const rows = await readRows(handle, scratch, resource, 'acct_1');
    expect(rows.map((r) => [r.id, r.amount, r.data])).toEqual(batch.map((s) => [s.object.id, String(s.object.amount), s.object]));
    expect(await stagedOnThisSession(resource.table)).toBe(false);
  });

  it("writes a first load's batch through the upsert when one of its rows is there already, keeping the newer state", async () => {
    const resource = await scratch.newTable(handle);
    const writer = typedWriter(createWriter(handle, { engine: 'postgres', schema: scratch.schema, spec: resource }));
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

describe('MySQL writer specifics', () => {
  let scratch: ScratchDestination;
  let handle: SqlHandle;
  beforeAll(async () => {
    scratch = await scratchDestination('mysql');
    handle = await scratch.open();
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.cleanup();
  });

  const insertStatements = async (): Promise<number> => {
    const { rows } = await handle.query("SHOW SESSION STATUS LIKE 'Com_stmt_execute'");
    return Number(rows[0]?.Value);
  };

  it('splits a batch into statements under the size bound', async () => {
    const resource = await scratch.newTable(handle);
    const writer = typedWriter(
      createWriter(handle, { engine: 'mysql', schema: scratch.schema, spec: resource, maxStatementBytes: 64 * 1024 }),
    );
    const rows = Array.from({ length: 200 }, (_, i) => ({
      accountId: 'acct_1',
      object: { id: `ch_${String(i).padStart(3, '0')}`, description: `'quoted' \\ ${'x'.repeat(1000)}` },
      sourceTs: at(i),
    }));
    const before = await insertStatements();
    expect(await writer.writeBatch(rows)).toEqual({ written: 200 });
    const statements = (await insertStatements()) - before;
    // About 1 KB per row against a 64 KB bound: at least four chunks, each sent as a few
    // power-of-two statements.
    expect(statements).toBeGreaterThanOrEqual(4);
    expect(statements).toBeLessThanOrEqual(40);
    const stored = await readRows(handle, scratch, resource, 'acct_1');
    expect(stored.map((r) => [r.id, r.description])).toEqual(rows.map((r) => [r.object.id, r.object.description]));
  });

  it('rolls back the earlier statements of a batch when a later one fails', async () => {
    const resource = await scratch.newTable(handle);
    await handle.query(`ALTER TABLE \`${scratch.schema}\`.\`${resource.table}\` ADD CONSTRAINT no_bad CHECK (\`id\` <> 'ch_zzz')`);
    const writer = typedWriter(
      createWriter(handle, { engine: 'mysql', schema: scratch.schema, spec: resource, maxStatementBytes: 16 * 1024 }),
    );
    const ids = [...Array.from({ length: 60 }, (_, i) => `ch_${String(i).padStart(3, '0')}`), 'ch_zzz'];
    const rows = ids.map((id) => ({ accountId: 'acct_1', object: { id, description: 'y'.repeat(1000) }, sourceTs: at(1) }));
    const before = await insertStatements();
    await expect(writer.writeBatch(rows)).rejects.toMatchObject({ code: 'statement_failed' });
    expect((await insertStatements()) - before).toBeGreaterThan(2);
    expect(await readRows(handle, scratch, resource, 'acct_1')).toEqual([]);
  });

  it('cuts text longer than its column instead of failing the batch, keeping it whole in data', async () => {
    const resource = await scratch.newTable(handle);
    const writer = typedWriter(createWriter(handle, { engine: 'mysql', schema: scratch.schema, spec: resource }));
    const email = `${'é'.repeat(250)}😀😀😀😀😀😀@example.com`;
    await writer.writeBatch([{ accountId: 'acct_1', object: { id: 'ch_long', receipt_email: email }, sourceTs: at(1) }]);
    const [row] = await readRows(handle, scratch, resource, 'acct_1');
    expect(row?.receipt_email).toBe(Array.from(email).slice(0, 255).join(''));
    expect(row?.data.receipt_email).toBe(email);
  });
});
