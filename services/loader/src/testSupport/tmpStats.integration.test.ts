import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { startHarness } from './harness';
it('stats', async () => {
  const h = await startHarness({ settings: { sliceMs: 1000, pagesPerSegment: 50 } });
  h.startWorkers();
  const a = await h.addAccount({ charges: 20000 });
  await h.deps.producer.enqueue('account.attach', { accountId: a.id });
  await waitFor(async () => (await h.knex(TABLES.accountStates).where({ account_id: a.id }).first())?.status === 'live', { description: 'x', timeoutMs: 120000 });
  const segs = await h.knex(TABLES.segments).where({ account_id: a.id }).select('n', 'pages_read', 'attempts');
  console.log(JSON.stringify(segs), JSON.stringify(await h.emulator.admin('GET', `/accounts/${a.externalId}/stats`)));
  await h.stop();
});
