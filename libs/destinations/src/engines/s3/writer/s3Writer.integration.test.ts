import { chargeColumns, typedWriter, type UntypedRow } from '../../../testing/chargeRows';
import { randomUUID } from 'node:crypto';
import { ensureTable } from '../../../ddl/ensureTable';
import { DestinationError } from '../../../errors';
import { purgeAccount } from '../../../purge/purgeAccount';
import { createWriter } from '../../../writers/createWriter';
import { markDeleted } from '../../../writers/markDeleted';
import type { PartKey } from '../../../writers/writeRow';
import type { S3Handle } from '../s3Handle';
import { getText, listAll } from '../s3Objects';
import type { BlobFormat } from '../s3Settings';
import { latestState, readParts, type PartRow } from '../../../testing/readParts';
import { startTestS3Server, type TestS3 } from '../../../testing/testS3Server';
import { writeRunManifest } from './runManifest';
import { createS3Writer } from './s3Writer';

const charges = { table: 'stripe_charges', columns: chargeColumns };
const at = (second: number): Date => new Date(Date.UTC(2024, 0, 1) + second * 1000);
const tricky = 'tab\there\nnew line "quoted" \\ back é 中文 🎉 \u2028 \u0000';

function charge(n: number, fields: Record<string, unknown> = {}): Record<string, unknown> & { id: string } {
  return {
    id: `ch_${String(n).padStart(6, '0')}`,
    object: 'charge',
    amount: 1000 + n,
    amount_captured: n % 2 === 0 ? 1000 + n : 0,
    amount_refunded: n === 7 ? 2 ** 62 : 0,
    currency: 'usd',
    status: n % 5 === 0 ? 'failed' : 'succeeded',
    paid: n % 5 !== 0,
    captured: n % 3 === 0 ? null : true,
    customer: n % 4 === 0 ? { id: `cus_${n}`, object: 'customer' } : `cus_${n}`,
    billing_details: { email: `c${n}@example.com`, address: null },
    description: n % 6 === 0 ? tricky : null,
    created: 1_700_000_000 + n,
    livemode: false,
    metadata: { n: String(n), nested: { list: [1, 'two', null] } },
    ...fields,
  };
}

/** What the writer must store for an object, derived here from the object and the catalog's meaning. */
function expectedRow(accountId: string, object: Record<string, unknown>, sourceTs: Date, deleted = false): Record<string, unknown> {
  const customer = object.customer as string | { id: string } | null;
  const amountRefunded = object.amount_refunded as number;
  return {
    id: object.id,
    account_id: accountId,
    data: object,
    _source_ts: sourceTs.toISOString(),
    _deleted: deleted,
    amount: object.amount,
    amount_captured: object.amount_captured,
    // Past 2^53 the parsed number is no longer the provider's integer: null, as for the databases.
    amount_refunded: Number.isSafeInteger(amountRefunded) ? amountRefunded : null,
    currency: 'usd',
    status: object.status,
    paid: object.paid,
    captured: object.captured,
    refunded: null,
    disputed: null,
    customer: typeof customer === 'string' ? customer : (customer?.id ?? null),
    payment_intent: null,
    payment_method: null,
    balance_transaction: null,
    billing_email: (object.billing_details as { email: string }).email,
    receipt_email: null,
    description: object.description,
    failure_code: null,
    failure_message: null,
    created: new Date((object.created as number) * 1000).toISOString(),
    livemode: false,
    metadata: object.metadata,
  };
}

const withoutSyncedAt = ({ _synced_at: syncedAt, ...row }: PartRow): Record<string, unknown> => {
  expect(typeof syncedAt).toBe('string');
  return row;
};

describe.each<BlobFormat>(['ndjson.gz', 'parquet'])('the S3 writer in %s', (format) => {
  let s3: TestS3;
  let handle: S3Handle;
  let n = 0;
  /** A prefix of its own per test: isolation by data. */
  const freshPrefix = () => `exports/${format.replace('.', '-')}/t${(n += 1)}`;
  const rows = (accountId: string, objects: Record<string, unknown>[], sourceTs: Date, deleted = false): UntypedRow[] =>
    objects.map((object) => ({ accountId, object, sourceTs, deleted }));

  beforeAll(async () => {
    s3 = await startTestS3Server();
    handle = await s3.open({ format });
  });
  afterAll(async () => {
    await handle?.close();
    await s3?.close();
  });

  it('mounts a table: _schema.json holds the catalog columns; again changes nothing; new columns are reported', async () => {
    const prefix = freshPrefix();
    expect(await ensureTable(handle, 's3', prefix, charges)).toEqual({ created: true, addedColumns: [] });
    const schema = JSON.parse((await getText(handle, `${prefix}/stripe_charges/_schema.json`)) ?? 'null') as {
      format: string;
      primary_key: string[];
      columns: { name: string; type: string; parquet_type: string; nullable: boolean }[];
    };
    expect(schema.format).toBe(format);
    expect(schema.primary_key).toEqual(['account_id', 'id']);
    expect(schema.columns.slice(0, 6).map((c) => [c.name, c.parquet_type, c.nullable])).toEqual([
      ['id', 'STRING', false],
      ['account_id', 'STRING', false],
      ['data', 'JSON', false],
      ['_source_ts', 'TIMESTAMP', false],
      ['_synced_at', 'TIMESTAMP', false],
      ['_deleted', 'BOOLEAN', false],
    ]);
    expect(schema.columns.slice(6)).toEqual(
      charges.columns.map((c) => expect.objectContaining({ name: c.name, type: c.type, nullable: true })),
    );
    expect(schema.columns.find((c) => c.name === 'amount')?.parquet_type).toBe('INT64');
    expect(schema.columns.find((c) => c.name === 'created')?.parquet_type).toBe('TIMESTAMP');

    expect(await ensureTable(handle, 's3', prefix, charges)).toEqual({ created: false, addedColumns: [] });
    const widened = { table: charges.table, columns: [...charges.columns, { ...charges.columns[0]!, name: 'note' }] };
    expect(await ensureTable(handle, 's3', prefix, widened)).toEqual({ created: false, addedColumns: ['note'] });
  });

  it('backfills: the part files read back hold exactly the objects written, once each', async () => {
    const prefix = freshPrefix();
    await ensureTable(handle, 's3', prefix, charges);
    const writer = typedWriter(createWriter(handle, { engine: 's3', schema: prefix, spec: charges }));
    const objects = Array.from({ length: 230 }, (_, i) => charge(i));
    const runId = randomUUID();
    const expected: Record<string, unknown>[] = [];
    // As the loader does it: segments read page by page, each page one batch keyed by the cursor before it.
    for (const [segment, range] of [
      [0, [0, 40]],
      [1, [40, 150]],
      [2, [150, 230]],
    ] as const) {
      let cursor = '';
      for (let start = range[0]; start < range[1]; start += 40) {
        const page = objects.slice(start, Math.min(start + 40, range[1]));
        const sourceTs = at(segment * 100 + start);
        const result = await writer.writeBatch(rows('acct_1', page, sourceTs), { partKey: { runId, segment, sequence: cursor } });
        expect(result).toEqual(expect.objectContaining({ written: page.length }));
        expected.push(...page.map((o) => expectedRow('acct_1', o, sourceTs)));
        cursor = page[page.length - 1]!.id;
      }
    }
    const parts = await readParts(handle, `${prefix}/stripe_charges/account_id=acct_1/`);
    const ext = format === 'parquet' ? 'parquet' : 'ndjson\\.gz';
    for (const part of parts) expect(part.key).toMatch(new RegExp(`/part-${runId}_0000[0-2]_[0-9a-f]{20}_000\\.${ext}$`));
    expect(parts).toHaveLength(6);
    const read = parts.flatMap((p) => p.rows).map(withoutSyncedAt);
    const byId = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.id).localeCompare(String(b.id));
    expect(read.sort(byId)).toEqual(expected.sort(byId));
  });

  it("stores the reader's JSON text as data when the row has it, pretty-printed text on one NDJSON line", async () => {
    const prefix = freshPrefix();
    await ensureTable(handle, 's3', prefix, charges);
    const writer = typedWriter(createWriter(handle, { engine: 's3', schema: prefix, spec: charges }));
    const objects = [charge(1), charge(2)];
    const texts = [JSON.stringify(objects[0]), JSON.stringify(objects[1], null, 2).replaceAll('\n', '\r\n')];
    const sourceTs = at(1);
    await writer.writeBatch(objects.map((object, i) => ({ accountId: 'acct_1', object, dataJson: texts[i], sourceTs })));
    const parts = await readParts(handle, `${prefix}/stripe_charges/account_id=acct_1/`);
    const read = parts.flatMap((p) => p.rows).map(withoutSyncedAt);
    const byId = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.id).localeCompare(String(b.id));
    expect(read.sort(byId)).toEqual(objects.map((o) => expectedRow('acct_1', o, sourceTs)).sort(byId));
  });

  it('sizes parts by rows and by bytes', async () => {
    const prefix = freshPrefix();
    const objects = Array.from({ length: 25 }, (_, i) => charge(i));
    const byRows = typedWriter(createS3Writer(handle, { engine: 's3', schema: prefix, spec: charges, partMaxRows: 10 }));
    const runId = randomUUID();
    const result = await byRows.writeBatch(rows('acct_rows', objects, at(1)), { partKey: { runId, segment: 0, sequence: 0 } });
    expect(result.parts.map((p) => p.rows)).toEqual([10, 10, 5]);
    expect(result.parts.every((p) => p.bytes > 0)).toBe(true);
    const stored = await listAll(handle, `${prefix}/stripe_charges/account_id=acct_rows/`);
    expect(stored.map((o) => [o.key, o.size])).toEqual(result.parts.map((p) => [p.key, p.bytes]));

    // Each charge is about 1 KB as JSON: 3 KB parts hold two of them.
    const byBytes = typedWriter(createS3Writer(handle, { engine: 's3', schema: prefix, spec: charges, partMaxBytes: 3_000 }));
    const sized = await byBytes.writeBatch(rows('acct_bytes', objects.slice(0, 5), at(1)), { partKey: { runId, segment: 1, sequence: 0 } });
    expect(sized.parts.map((p) => p.rows)).toEqual([2, 2, 1]);
  });

  it('a retried batch overwrites its own parts: no duplicate part for one segment', async () => {
    const prefix = freshPrefix();
    const writer = typedWriter(createS3Writer(handle, { engine: 's3', schema: prefix, spec: charges, partMaxRows: 10 }));
    const runId = randomUUID();
    const key: PartKey = { runId, segment: 3, sequence: 'ch_000099' };
    const objects = Array.from({ length: 25 }, (_, i) => charge(i));
    const other = await writer.writeBatch(rows('acct_1', [charge(500)], at(1)), { partKey: { ...key, sequence: 'ch_000500' } });
    const first = await writer.writeBatch(rows('acct_1', objects, at(10)), { partKey: key });
    expect(first.parts).toHaveLength(3);
    // The retry re-read the page later: fewer objects now (one deleted at the provider meanwhile), newer state.
    const retry = await writer.writeBatch(rows('acct_1', objects.slice(0, 15), at(20)), { partKey: key });
    expect(retry.parts.map((p) => p.key)).toEqual(first.parts.slice(0, 2).map((p) => p.key));

    const parts = await readParts(handle, `${prefix}/stripe_charges/account_id=acct_1/`);
    expect(parts.map((p) => p.key).sort()).toEqual([...retry.parts, ...other.parts].map((p) => p.key).sort());
    const segmentRows = parts.filter((p) => p.key !== other.parts[0]?.key).flatMap((p) => p.rows);
    expect(segmentRows.map((r) => r.id).sort()).toEqual(
      objects
        .slice(0, 15)
        .map((o) => o.id)
        .sort(),
    );
    expect(new Set(segmentRows.map((r) => r._source_ts))).toEqual(new Set([at(20).toISOString()]));
  });

  it('writes changes and deletes as new parts; the newest row per (account_id, id) is the provider state', async () => {
    const prefix = freshPrefix();
    const writer = typedWriter(createWriter(handle, { engine: 's3', schema: prefix, spec: charges }));
    const runId = randomUUID();
    const model = new Map<string, Record<string, unknown>>();
    const expectRow = (accountId: string, object: Record<string, unknown>, ts: Date, deleted = false) =>
      model.set(`${accountId}\0${String(object.id)}`, expectedRow(accountId, object, ts, deleted));

    const backfill = Array.from({ length: 40 }, (_, i) => charge(i));
    for (const accountId of ['acct_a', 'acct_b']) {
      await writer.writeBatch(rows(accountId, backfill, at(100)), {
        partKey: { runId, segment: 0, sequence: accountId === 'acct_a' ? 0 : 1 },
      });
      backfill.forEach((o) => expectRow(accountId, o, at(100)));
    }
    const partsAfterBackfill = (await readParts(handle, `${prefix}/stripe_charges/`)).map((p) => p.key);

    // Incremental: events in order, without part keys (named by content).
    const changed = backfill.slice(0, 10).map((o) => ({ ...o, status: 'refunded', amount_refunded: o.amount }));
    await writer.writeBatch(rows('acct_a', changed, at(200)));
    changed.forEach((o) => expectRow('acct_a', o, at(200)));
    // An older read arriving late must not win over the change.
    await writer.writeBatch(rows('acct_a', [charge(3, { status: 'stale' })], at(150)));
    const deletions = ['ch_000004', 'ch_000020', 'ch_000039'].map((id) => ({ accountId: 'acct_a', id, sourceTs: at(300) }));
    expect(await markDeleted(handle, { engine: 's3', schema: prefix, spec: charges, objects: deletions })).toEqual({ marked: 3 });
    for (const d of deletions) {
      model.set(`acct_a\0${d.id}`, {
        ...Object.fromEntries(Object.keys(expectedRow('acct_a', charge(0), at(0))).map((k) => [k, null])),
        id: d.id,
        account_id: 'acct_a',
        data: { id: d.id, deleted: true },
        _source_ts: at(300).toISOString(),
        _deleted: true,
      });
    }
    // A deletion with the object at hand, through writeBatch.
    await writer.writeBatch(rows('acct_b', [backfill[5]!], at(300), true));
    expectRow('acct_b', backfill[5]!, at(300), true);

    const parts = await readParts(handle, `${prefix}/stripe_charges/`);
    expect(parts.map((p) => p.key)).toEqual(expect.arrayContaining(partsAfterBackfill));
    expect(parts).toHaveLength(partsAfterBackfill.length + 4);
    const latest = new Map([...latestState(parts.flatMap((p) => p.rows))].map(([k, row]) => [k, withoutSyncedAt(row)]));
    expect(latest).toEqual(model);
  });

  it('lists a completed run in its manifest, and no other run', async () => {
    const prefix = freshPrefix();
    const writer = typedWriter(createS3Writer(handle, { engine: 's3', schema: prefix, spec: charges, partMaxRows: 4 }));
    const [runId, otherRun] = [randomUUID(), randomUUID()];
    const mine = await writer.writeBatch(
      rows(
        'acct_m',
        Array.from({ length: 10 }, (_, i) => charge(i)),
        at(1),
      ),
      { partKey: { runId, segment: 0, sequence: 0 } },
    );
    await writer.writeBatch(rows('acct_m', [charge(99)], at(1)), { partKey: { runId: otherRun, segment: 0, sequence: 0 } });
    await writer.writeBatch(rows('acct_m', [charge(98)], at(2)));

    const manifest = await writeRunManifest(handle, { engine: 's3', schema: prefix, table: charges.table, accountId: 'acct_m', runId });
    expect(manifest?.key).toBe(`${prefix}/stripe_charges/account_id=acct_m/_manifests/run-${runId}.json`);
    const stored = JSON.parse((await getText(handle, manifest?.key ?? '')) ?? 'null') as {
      run_id: string;
      part_count: number;
      parts: { key: string; size: number }[];
    };
    expect(stored.run_id).toBe(runId);
    expect(stored.part_count).toBe(3);
    expect(stored.parts.map((p) => [p.key, p.size])).toEqual(mine.parts.map((p) => [p.key, p.bytes]));
  });

  it("purges one account's folder, whatever its identifier, and nothing else", async () => {
    const prefix = freshPrefix();
    await ensureTable(handle, 's3', prefix, charges);
    const writer = typedWriter(createS3Writer(handle, { engine: 's3', schema: prefix, spec: charges, partMaxRows: 3 }));
    const doomed = 'acct/1 é=%';
    const kept = 'acct';
    await writer.writeBatch(
      rows(
        doomed,
        Array.from({ length: 10 }, (_, i) => charge(i)),
        at(1),
      ),
      { partKey: { runId: 'r1', segment: 0, sequence: 0 } },
    );
    await writeRunManifest(handle, { engine: 's3', schema: prefix, table: charges.table, accountId: doomed, runId: 'r1' });
    await writer.writeBatch(rows(kept, [charge(1)], at(1)));
    expect((await listAll(handle, `${prefix}/stripe_charges/account_id=acct%2F1%20%C3%A9%3D%25/`)).length).toBe(5);

    const progress: number[] = [];
    const purged = await purgeAccount(handle, {
      engine: 's3',
      schema: prefix,
      table: charges.table,
      accountId: doomed,
      batchSize: 2,
      onBatch: (total) => progress.push(total),
    });
    expect(purged).toBe(5);
    expect(progress).toEqual([2, 4, 5]);
    const left = (await listAll(handle, `${prefix}/`)).map((o) => o.key);
    expect(left).toEqual([
      `${prefix}/stripe_charges/_schema.json`,
      expect.stringMatching(new RegExp(`^${prefix}/stripe_charges/account_id=acct/part-content-`)),
    ]);
  });

  it('names the permission a key without write access lacks', async () => {
    const readOnly = s3.addKey(['s3:GetObject', 's3:ListBucket']);
    const limited = await s3.open({ ...readOnly, format });
    try {
      const writer = typedWriter(createWriter(limited, { engine: 's3', schema: freshPrefix(), spec: charges }));
      const failure = await writer.writeBatch(rows('acct_1', [charge(1)], at(1))).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(DestinationError);
      expect(failure).toMatchObject({ code: 'privilege', permanent: true });
      expect((failure as Error).message).toContain('(it needs s3:PutObject)');
    } finally {
      await limited.close();
    }
  });
});
