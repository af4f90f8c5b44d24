import { randomUUID } from 'node:crypto';
import { startHarness, type LoaderHarness } from '../testing/harness';

// What a verification asks at the end of its slice: whether jobs wait for a worker slot.

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

it('counts the jobs of a queue that wait for a worker slot, prioritized ones included', async () => {
  expect(await h.deps.queues.waiting('backfill')).toBe(0);
  // No worker runs here: the jobs wait. account.verify is enqueued at a low priority.
  await h.deps.producer.enqueue('account.verify', { accountId: randomUUID(), scope: 'full' });
  await h.deps.producer.enqueue('account.verify', { accountId: randomUUID(), scope: 'recent' });
  expect(await h.deps.queues.waiting('backfill')).toBe(2);
  expect(await h.deps.queues.waiting('incremental')).toBe(0);
});
