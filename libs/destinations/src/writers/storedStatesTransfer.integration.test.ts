import { typedWriter } from '../testing/chargeRows';
import type { Socket } from 'node:net';
import { DEFAULT_READ_BOUNDS } from '../bounds/readBounds';
import type { SqlEngineName, SqlHandle } from '../engines/types';
import { readRows, scratchDestination, type ScratchDestination } from '../testing/scratchDestination';
import { createWriter } from './createWriter';
import { sameContent } from './sameContent';
import { readStoredStates } from './storedStates';

// A verification compares each stored object with the provider's. The destination is its tenant's
// and a row may hold a very large `data`: the digest of each value is computed in the database, so
// a window of matching rows sends a digest per row, and only a differing value is fetched (and only
// under LOADER_READ_MAX_VALUE_BYTES). Measured as bytes read from the connection's socket.

const ROWS = 6;
const BIG = 512 * 1024;
const at = new Date(Date.UTC(2024, 0, 1));

// The socket each driver reads from: what crossed the network into the loader.
function socketOf(handle: SqlHandle): Socket {
  const h = handle as unknown as { client?: { connection: { stream: Socket } }; connection?: { connection: { stream: Socket } } };
  return (h.client?.connection.stream ?? h.connection?.connection.stream) as Socket;
}

async function bytesRead<T>(handle: SqlHandle, fn: () => Promise<T>): Promise<{ result: T; bytes: number }> {
  const socket = socketOf(handle);
  const before = socket.bytesRead;
  const result = await fn();
  return { result, bytes: socket.bytesRead - before };
}

const providerObject = (i: number) => ({
  id: `ch_${i}`,
  object: 'charge',
  created: 1_700_000_000 + i,
  amount: 1_000 + i,
  metadata: { note: `${String(i)}${'x'.repeat(BIG)}`, é: 'ü', n: 1e21 },
});
// Keys in another order than when written: still the same content.
const reordered = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());

describe.each<SqlEngineName>(['postgres', 'mysql'])('stored states on %s', (engine) => {
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

  it('compares large values by digest: matching rows send no data, a changed one is fetched and found', async () => {
    const resource = await scratch.newTable(handle);
    const objects = Array.from({ length: ROWS }, (_, i) => providerObject(i));
    const writer = typedWriter(createWriter(handle, { engine, schema: scratch.schema, spec: resource }));
    await writer.writeBatch(objects.map((object) => ({ accountId: 'acct_1', object, sourceTs: at })));
    const listed = new Map<string, unknown>(objects.map((o) => [o.id, o]));
    const base = { schema: scratch.schema, table: resource.table, accountId: 'acct_1', ids: [...listed.keys()], objects: listed };

    const { result: stored, bytes } = await bytesRead(handle, () => readStoredStates(handle, base));
    expect(stored.size).toBe(ROWS);
    for (const [id, state] of stored) expect(state.holds(listed.get(id))).toBe(true);
    // Six values of half a MiB each: what the old read sent. A digest and a size per row now.
    expect(bytes).toBeLessThan(16 * 1024);

    // Another writer changed one row: only that value crosses, and it no longer holds the object.
    const changed = { ...providerObject(2), amount: 7 };
    await writer.writeBatch([{ accountId: 'acct_1', object: changed, sourceTs: new Date(at.getTime() + 1000) }]);
    const again = await bytesRead(handle, () => readStoredStates(handle, base));
    expect(again.bytes).toBeGreaterThan(BIG);
    expect(again.bytes).toBeLessThan(2 * BIG);
    for (const [id, state] of again.result) expect(state.holds(listed.get(id))).toBe(id !== 'ch_2');

    // The same answers as comparing every stored object in the loader, as verification did before.
    const rows = await readRows(handle, scratch, resource, 'acct_1');
    for (const row of rows) {
      const id = String(row.id);
      expect(again.result.get(id)?.holds(listed.get(id))).toBe(sameContent(row.data, listed.get(id)));
    }

    // Listed with its keys in another order, an object still holds (jsonb's digest ignores the order;
    // MariaDB's text keeps it, so there those values are fetched and compared as objects).
    const shuffled = new Map(objects.map((o) => [o.id, reordered(o)]));
    const byOrder = await readStoredStates(handle, { ...base, objects: shuffled });
    for (const [id, state] of byOrder) expect(state.holds(shuffled.get(id))).toBe(id !== 'ch_2');

    // A differing value over the bound is never fetched: it holds nothing but its own content.
    const bounded = { ...handle, readBounds: { ...DEFAULT_READ_BOUNDS, maxValueBytes: BIG / 2 } } as SqlHandle;
    const capped = await bytesRead(handle, () => readStoredStates(bounded, base));
    expect(capped.bytes).toBeLessThan(16 * 1024);
    expect(capped.result.get('ch_2')?.holds(listed.get('ch_2'))).toBe(false);
    expect(capped.result.get('ch_2')?.holds(changed)).toBe(true);
    expect(capped.result.get('ch_1')?.holds(listed.get('ch_1'))).toBe(true);
  });
});
