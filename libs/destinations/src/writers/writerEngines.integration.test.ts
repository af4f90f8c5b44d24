import { sqlTypes } from '@datasync/providers';
import { ensureTable } from '../ddl/ensureTable';
import type { SqlHandle } from '../engines/types';
import { createWriter } from './createWriter';
import { readRows, scratchDestination, type ScratchDestination } from '../testing/scratchDestination';

const at = (second: number): Date => new Date(Date.UTC(2024, 0, 1) + second * 1000);

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
    const writer = createWriter(handle, { engine: 'postgres', schema: scratch.schema, resource });
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
    // A catalog that disagrees with the table: text sent into the bigint column fails the COPY.
    const wrong = {
      table: resource.table,
      columns: resource.columns.map((c) => (c.name === 'amount' ? { ...c, type: 'text' as const, path: 'currency' } : c)),
    };
    const bad = createWriter(handle, { engine: 'postgres', schema: scratch.schema, resource: wrong });
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      accountId: 'acct_1',
      object: { id: `ch_${i}`, currency: i === 2500 ? 'usd' : null },
      sourceTs: at(1),
    }));
    await expect(bad.writeBatch(rows)).rejects.toMatchObject({ code: 'statement_failed' });
    const good = createWriter(handle, { engine: 'postgres', schema: scratch.schema, resource });
    expect(await good.writeBatch(rows.slice(0, 10))).toEqual({ written: 10 });
    expect((await readRows(handle, scratch, resource, 'acct_1')).length).toBe(10);
  });

  it('recreates its staging table for a new writer after the table gained a column', async () => {
    const resource = await scratch.newTable(handle);
    const first = createWriter(handle, { engine: 'postgres', schema: scratch.schema, resource });
    await first.writeBatch([{ accountId: 'acct_1', object: { id: 'ch_1' }, sourceTs: at(1) }]);
    const grown = {
      table: resource.table,
      columns: [...resource.columns, { name: 'note', type: 'text' as const, path: 'note', ...sqlTypes('text') }],
    };
    await ensureTable(handle, 'postgres', scratch.schema, grown);
    const second = createWriter(handle, { engine: 'postgres', schema: scratch.schema, resource: grown });
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
    const writer = createWriter(handle, { engine: 'mysql', schema: scratch.schema, resource, maxStatementBytes: 64 * 1024 });
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
    const writer = createWriter(handle, { engine: 'mysql', schema: scratch.schema, resource, maxStatementBytes: 16 * 1024 });
    const ids = [...Array.from({ length: 60 }, (_, i) => `ch_${String(i).padStart(3, '0')}`), 'ch_zzz'];
    const rows = ids.map((id) => ({ accountId: 'acct_1', object: { id, description: 'y'.repeat(1000) }, sourceTs: at(1) }));
    const before = await insertStatements();
    await expect(writer.writeBatch(rows)).rejects.toMatchObject({ code: 'statement_failed' });
    expect((await insertStatements()) - before).toBeGreaterThan(2);
    expect(await readRows(handle, scratch, resource, 'acct_1')).toEqual([]);
  });

  it('cuts text longer than its column instead of failing the batch, keeping it whole in data', async () => {
    const resource = await scratch.newTable(handle);
    const writer = createWriter(handle, { engine: 'mysql', schema: scratch.schema, resource });
    const email = `${'é'.repeat(250)}😀😀😀😀😀😀@example.com`;
    await writer.writeBatch([{ accountId: 'acct_1', object: { id: 'ch_long', receipt_email: email }, sourceTs: at(1) }]);
    const [row] = await readRows(handle, scratch, resource, 'acct_1');
    expect(row?.receipt_email).toBe(Array.from(email).slice(0, 255).join(''));
    expect(row?.data.receipt_email).toBe(email);
  });
});
