import { typedWriter, type UntypedRow } from '../testing/chargeRows';
import fc from 'fast-check';
import type { SqlEngineName, SqlHandle } from '../engines/types';
import { createWriter } from './createWriter';
import { readRows, scratchDestination, type ScratchDestination } from '../testing/scratchDestination';

const at = (second: number): Date => new Date(Date.UTC(2024, 0, 1) + second * 1000);

/** A small seeded generator, so a failure replays exactly. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function chunk<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

// `likelyNew` (a first backfill's hint) takes the Postgres writer's straight COPY, which falls
// back to the upsert whenever a row is there already: the stored states must not differ.
const cases = (['postgres', 'mysql'] as const).flatMap((engine) => [false, true].map((likelyNew) => [engine, likelyNew] as const));

describe.each<readonly [SqlEngineName, boolean]>(cases)(
  'writer on %s (likelyNew: %s), concurrently and against a model',
  (engine, likelyNew) => {
    let scratch: ScratchDestination;
    const handles: SqlHandle[] = [];

    beforeAll(async () => {
      scratch = await scratchDestination(engine);
      handles.push(await scratch.open(), await scratch.open());
    });
    afterAll(async () => {
      for (const handle of handles) await handle.close();
      await scratch?.cleanup();
    });

    it('two writers loading the same segment leave one row per object, at its newest state', async () => {
      const [a, b] = handles as [SqlHandle, SqlHandle];
      const resource = await scratch.newTable(a);
      const random = seeded(7);
      const ids = Array.from({ length: 120 }, (_, i) => `ch_${String(i).padStart(3, '0')}`);
      // Every state of every object gets its own second, so "newest" is never a tie.
      const seconds = shuffle(
        Array.from({ length: ids.length * 6 }, (_, i) => i),
        random,
      );
      const states = ids.flatMap((id, i) =>
        [0, 1, 2, 3, 4, 5].map((k): UntypedRow => {
          const second = seconds[i * 6 + k] ?? 0;
          return { accountId: 'acct_1', object: { id, amount: second }, sourceTs: at(second), deleted: second % 7 === 0 };
        }),
      );
      // Both writers see every object, in different orders and batch boundaries.
      const streamA = chunk(
        shuffle(
          states.filter((_, i) => i % 2 === 0 || i % 3 === 0),
          random,
        ),
        50,
      );
      const streamB = chunk(
        shuffle(
          states.filter((_, i) => i % 2 === 1 || i % 3 === 0),
          random,
        ),
        37,
      );
      const run = async (handle: SqlHandle, batches: UntypedRow[][]) => {
        const writer = typedWriter(createWriter(handle, { engine, schema: scratch.schema, spec: resource }));
        for (const batch of batches) await writer.writeBatch(batch, { likelyNew });
        await writer.close();
      };
      await Promise.all([run(a, streamA), run(b, streamB)]);

      const expected = ids.map((id) => {
        const newest = states.filter((s) => s.object.id === id).reduce((x, y) => (y.sourceTs > x.sourceTs ? y : x));
        return [id, String(newest.object.amount), newest.sourceTs.toISOString(), newest.deleted === true];
      });
      const rows = await readRows(a, scratch, resource, 'acct_1');
      expect(rows.map((r) => [r.id, r.amount, r._source_ts, r._deleted])).toEqual(expected);
    });

    it('matches a model: per object, the last written state not older than the stored one', async () => {
      const [handle] = handles as [SqlHandle];
      const resource = await scratch.newTable(handle);
      const writer = typedWriter(createWriter(handle, { engine, schema: scratch.schema, spec: resource }));
      const state = fc.record({
        id: fc.constantFrom('ch_a', 'ch_b', 'ch_c', 'ch_d'),
        second: fc.integer({ min: 0, max: 5 }),
        amount: fc.integer({ min: -1000, max: 1000 }),
        deleted: fc.boolean(),
      });
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(fc.array(state, { maxLength: 8 }), { maxLength: 5 }), async (batches) => {
          run += 1;
          const accountId = `acct_${run}`;
          const model = new Map<string, { second: number; amount: number; deleted: boolean }>();
          for (const batch of batches) {
            await writer.writeBatch(
              batch.map((s) => ({ accountId, object: { id: s.id, amount: s.amount }, sourceTs: at(s.second), deleted: s.deleted })),
              { likelyNew },
            );
            for (const s of batch) {
              const stored = model.get(s.id);
              if (!stored || stored.second <= s.second) model.set(s.id, s);
            }
          }
          const expected = [...model.entries()]
            .sort(([x], [y]) => (x < y ? -1 : 1))
            .map(([id, s]) => [id, String(s.amount), at(s.second).toISOString(), s.deleted]);
          const rows = await readRows(handle, scratch, resource, accountId);
          expect(rows.map((r) => [r.id, r.amount, r._source_ts, r._deleted])).toEqual(expected);
        }),
        { seed: 20_240_101, numRuns: 40 },
      );
    });
  },
);
