import { typedWriter, type UntypedRow } from '../testing/chargeRows';
import { DestinationError } from '../errors';
import type { SqlEngineName, SqlHandle } from '../engines/types';
import { createWriter } from './createWriter';
import { markDeleted } from './markDeleted';
import { readRows, scratchDestination, type ScratchDestination } from '../testing/scratchDestination';

const at = (second: number): Date => new Date(Date.UTC(2024, 0, 1) + second * 1000);
const charge = (id: string, fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  object: 'charge',
  amount: 1000,
  currency: 'usd',
  status: 'succeeded',
  paid: true,
  created: 1_700_000_000,
  metadata: {},
  ...fields,
});

// Strings a naive COPY or SQL encoding would break, plus look-alikes of the encodings' own markers.
const tricky = 'tab\there\nnew line\r\nCRLF back\\slash \\N \\t "double" \'single\' `tick` ; -- é ü 中文 🎉👩‍👩‍👧 \u2028';

describe.each<SqlEngineName>(['postgres', 'mysql'])('writer on %s', (engine) => {
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

  async function setup() {
    const resource = await scratch.newTable(handle);
    const writer = typedWriter(createWriter(handle, { engine, schema: scratch.schema, spec: resource }));
    const read = (accountId = 'acct_1') => readRows(handle, scratch, resource, accountId);
    return { resource, writer, read };
  }

  it('round-trips typed columns and the whole object, whatever the text', async () => {
    const { writer, read } = await setup();
    const object = charge('ch_tricky', {
      amount: Number.MAX_SAFE_INTEGER,
      amount_captured: -Number.MAX_SAFE_INTEGER,
      // Past 2^53 JSON.parse already rounded the provider's integer: the column gets null, data keeps it.
      amount_refunded: 2 ** 62,
      description: tricky,
      failure_message: '',
      customer: { id: 'cus_1', object: 'customer', name: tricky },
      billing_details: { email: 'ünïcode@example.com', address: null },
      paid: false,
      refunded: null,
      metadata: { note: tricky, nested: { list: [1, 'two', { three: [null, true] }], big: 12345678901234567000 } },
      binaryish: '\u0001\u0002\u001f\u007f\u0080\u00ff',
    });
    expect(await writer.writeBatch([{ accountId: 'acct_1', object, sourceTs: at(1) }])).toEqual({ written: 1 });
    const [row] = await read();
    expect(row).toEqual({
      id: 'ch_tricky',
      account_id: 'acct_1',
      data: object,
      _source_ts: at(1).toISOString(),
      _deleted: false,
      amount: String(Number.MAX_SAFE_INTEGER),
      amount_captured: String(-Number.MAX_SAFE_INTEGER),
      amount_refunded: null,
      currency: 'usd',
      status: 'succeeded',
      paid: false,
      captured: null,
      refunded: null,
      disputed: null,
      customer: 'cus_1',
      payment_intent: null,
      payment_method: null,
      balance_transaction: null,
      billing_email: 'ünïcode@example.com',
      receipt_email: null,
      description: tricky,
      failure_code: null,
      failure_message: '',
      created: new Date(1_700_000_000_000).toISOString(),
      livemode: null,
      metadata: object.metadata,
    });
  });

  it("stores the reader's JSON text as data when the row has it, compact or with whitespace", async () => {
    const { writer, read } = await setup();
    const object = charge('ch_text', { description: tricky, metadata: { note: tricky, nul: 'a\0b', big: 12345678901234567000 } });
    const compact = JSON.stringify(object);
    const pretty = JSON.stringify(object, null, '\t').replaceAll('\n', '\r\n');
    await writer.writeBatch([
      { accountId: 'acct_1', object, dataJson: compact, sourceTs: at(1) },
      { accountId: 'acct_2', object, dataJson: pretty, sourceTs: at(1) },
    ]);
    // NUL is dropped from the text as from a serialised object (jsonText.ts); nothing else changes.
    const stored = { ...object, metadata: { ...(object.metadata as object), nul: 'ab' } };
    for (const accountId of ['acct_1', 'acct_2']) {
      const [row] = await read(accountId);
      expect({ accountId, data: row?.data, description: row?.description }).toEqual({ accountId, data: stored, description: tricky });
    }
  });

  it('writes the same batch twice to the same table', async () => {
    const { writer, read } = await setup();
    const rows = Array.from({ length: 30 }, (_, i) => ({ accountId: 'acct_1', object: charge(`ch_${i}`, { amount: i }), sourceTs: at(i) }));
    await writer.writeBatch(rows);
    const first = await read();
    expect(await writer.writeBatch(rows)).toEqual({ written: 30 });
    expect(await read()).toEqual(first);
    expect(first.map((r) => r.amount)).toEqual(rows.map((r) => String(r.object.amount)).sort());
  });

  it('never lets an older state overwrite a newer one; newer and equal ones apply', async () => {
    const { writer, read } = await setup();
    const state = (id: string, second: number, amount: number): UntypedRow => ({
      accountId: 'acct_1',
      object: charge(id, { amount }),
      sourceTs: at(second),
    });
    await writer.writeBatch([state('ch_a', 10, 1), state('ch_b', 10, 1), state('ch_c', 10, 1)]);
    await writer.writeBatch([state('ch_a', 9, 2), state('ch_b', 11, 3), state('ch_c', 10, 4)]);
    expect((await read()).map((r) => [r.id, r.amount, r.data.amount, r._source_ts])).toEqual([
      ['ch_a', '1', 1, at(10).toISOString()],
      ['ch_b', '3', 3, at(11).toISOString()],
      ['ch_c', '4', 4, at(10).toISOString()],
    ]);
  });

  it('keeps the newest of duplicates within one batch', async () => {
    const { writer, read } = await setup();
    const rows: UntypedRow[] = [5, 9, 7].map((second) => ({
      accountId: 'acct_1',
      object: charge('ch_dup', { amount: second }),
      sourceTs: at(second),
    }));
    rows.push({ accountId: 'acct_2', object: charge('ch_dup', { amount: 1 }), sourceTs: at(1) });
    expect(await writer.writeBatch(rows)).toEqual({ written: 2 });
    expect((await read()).map((r) => [r.id, r.amount])).toEqual([['ch_dup', '9']]);
    expect((await read('acct_2')).map((r) => [r.id, r.amount])).toEqual([['ch_dup', '1']]);
  });

  it('soft-deletes with the deleted flag, and an older live state does not revive the row', async () => {
    const { writer, read } = await setup();
    await writer.writeBatch([{ accountId: 'acct_1', object: charge('ch_del', { amount: 1 }), sourceTs: at(5) }]);
    await writer.writeBatch([{ accountId: 'acct_1', object: charge('ch_del', { amount: 2 }), sourceTs: at(6), deleted: true }]);
    await writer.writeBatch([{ accountId: 'acct_1', object: charge('ch_del', { amount: 3 }), sourceTs: at(4) }]);
    expect((await read()).map((r) => [r.id, r._deleted, r.amount])).toEqual([['ch_del', true, '2']]);
  });

  it('marks objects known only by id deleted: keeps their data, writes tombstones for unknown ones', async () => {
    const { resource, writer, read } = await setup();
    await writer.writeBatch([
      { accountId: 'acct_1', object: charge('ch_known', { amount: 7 }), sourceTs: at(5) },
      { accountId: 'acct_1', object: charge('ch_newer', { amount: 8 }), sourceTs: at(20) },
    ]);
    const objects = ['ch_known', 'ch_newer', 'ch_unknown'].map((id) => ({ accountId: 'acct_1', id, sourceTs: at(10) }));
    expect(await markDeleted(handle, { engine, schema: scratch.schema, spec: resource, objects })).toEqual({ marked: 3 });
    // A late read of the unknown object, older than its deletion, must not bring it back.
    await writer.writeBatch([{ accountId: 'acct_1', object: charge('ch_unknown'), sourceTs: at(9) }]);
    expect((await read()).map((r) => [r.id, r._deleted, r.amount, r._source_ts, r.data.id])).toEqual([
      ['ch_known', true, '7', at(10).toISOString(), 'ch_known'],
      ['ch_newer', false, '8', at(20).toISOString(), 'ch_newer'],
      ['ch_unknown', true, null, at(10).toISOString(), 'ch_unknown'],
    ]);
  });

  it('writes a batch atomically: a failing row leaves none of the batch behind', async () => {
    const { resource, writer, read } = await setup();
    const { schema } = scratch;
    const quote = engine === 'postgres' ? (s: string) => `"${s}"` : (s: string) => `\`${s}\``;
    await handle.query(`ALTER TABLE ${quote(schema)}.${quote(resource.table)} ADD CONSTRAINT no_bad CHECK (${quote('id')} <> 'ch_bad')`);
    const rows = ['ch_1', 'ch_2', 'ch_bad', 'ch_3'].map((id) => ({ accountId: 'acct_1', object: charge(id), sourceTs: at(1) }));
    const err: unknown = await writer.writeBatch(rows).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DestinationError);
    expect((err as DestinationError).code).toBe('statement_failed');
    expect(await read()).toEqual([]);
    // The connection and the writer stay usable.
    expect(await writer.writeBatch(rows.filter((r) => r.object.id !== 'ch_bad'))).toEqual({ written: 3 });
    expect((await read()).map((r) => r.id)).toEqual(['ch_1', 'ch_2', 'ch_3']);
  });

  it('writes nothing for an empty batch', async () => {
    const { writer, read } = await setup();
    expect(await writer.writeBatch([])).toEqual({ written: 0 });
    expect(await read()).toEqual([]);
    await writer.close();
  });
});
