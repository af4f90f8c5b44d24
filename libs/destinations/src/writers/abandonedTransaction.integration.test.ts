import { typedWriter, type UntypedRow } from '../testing/chargeRows';
import { testDatabaseUrl } from '@datasync/testing';
import { connect } from '../connect';
import { parseConnectionString } from '../connectionString/parse';
import type { SqlHandle } from '../engines/types';
import { createWriter } from './createWriter';
import { readRows, scratchDestination, type ScratchDestination } from '../testing/scratchDestination';

// A loader that dies while its connection stays open (a host lost without a TCP reset) leaves a
// session idle inside a transaction, holding the row locks of its upsert. The next writer of
// those rows must not wait on it for longer than the abandoned-transaction bound.

const open = (options: { abandonedTransactionMs?: number; statementTimeoutMs?: number }) =>
  connect(parseConnectionString('postgres', testDatabaseUrl()), { allowPrivateNetworks: true, ...options });

const state = (amount: number, second: number): UntypedRow => ({
  accountId: 'acct_1',
  object: { id: 'ch_1', amount },
  sourceTs: new Date(Date.UTC(2024, 0, 1, 0, 0, second)),
});

let scratch: ScratchDestination;
const handles: SqlHandle[] = [];

beforeAll(async () => {
  scratch = await scratchDestination('postgres');
});
afterAll(async () => {
  for (const handle of handles) await handle.close();
  await scratch?.cleanup();
});

/**
 * A table holding ch_1, its writer (with `statementTimeoutMs`), and a second session that took
 * ch_1's row lock in a transaction and then went silent, under `abandonedTransactionMs`.
 */
async function rowLockedByASilentSession(statementTimeoutMs: number, abandonedTransactionMs: number) {
  const writerHandle = await open({ statementTimeoutMs });
  handles.push(writerHandle);
  const resource = await scratch.newTable(writerHandle);
  const writer = typedWriter(createWriter(writerHandle, { engine: 'postgres', schema: scratch.schema, spec: resource }));
  await writer.writeBatch([state(100, 1)]);
  const holder = await open({ abandonedTransactionMs });
  handles.push(holder);
  await holder.query('START TRANSACTION');
  await holder.query(`UPDATE "${scratch.schema}"."${resource.table}" SET amount = -1 WHERE id = 'ch_1'`);
  return { writerHandle, resource, writer, holder };
}

it('a session left idle in a transaction is ended by the server, and the next write of its rows goes through', async () => {
  const { writerHandle, resource, writer, holder } = await rowLockedByASilentSession(10_000, 1_000);

  const started = Date.now();
  await writer.writeBatch([state(200, 2)]);
  const waitedMs = Date.now() - started;

  expect(waitedMs).toBeGreaterThanOrEqual(500);
  expect(waitedMs).toBeLessThan(8_000);
  const rows = await readRows(writerHandle, scratch, resource, 'acct_1');
  expect(rows.map((r) => r.amount)).toEqual(['200']);
  await expect(holder.query('select 1')).rejects.toThrow();
});

it('without the bound the same write waits out its statement timeout (what the bound prevents)', async () => {
  const { writer, holder } = await rowLockedByASilentSession(1_500, 0);

  await expect(writer.writeBatch([state(200, 2)])).rejects.toMatchObject({ code: 'timeout' });
  await holder.query('ROLLBACK');
});
