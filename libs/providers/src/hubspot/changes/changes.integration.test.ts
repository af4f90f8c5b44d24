import { createHubspotReader, type HubspotReader } from '../hubspotReader';
import {
  startHubspotTestEmulator,
  staticToken,
  testHubspotClient,
  type HubspotTestEmulator,
  type TestPortal,
} from '../testing/hubspotTestEmulator';
import { hubspotCall } from '../testing/portalStats';
import type { CrmObjectType } from '../hubspotCatalog';
import { changeCursorAt, type ChangeCursor } from './changeCursor';
import type { HubspotChange } from './readChanges';
import { archiveCursorAt } from './sweepArchived';

let emulator: HubspotTestEmulator;

beforeAll(async () => {
  emulator = await startHubspotTestEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

const readerFor = (portal: TestPortal): HubspotReader =>
  createHubspotReader(testHubspotClient(emulator.baseUrl, staticToken(portal.service_key)));
const update = (portal: TestPortal, type: string, id: string, properties: Record<string, string>) =>
  emulator.admin('POST', `/portals/${portal.portal_id}/objects/${type}/${id}`, { properties });

async function firstIds(portal: TestPortal, type: string, n: number): Promise<string[]> {
  const page = (await hubspotCall(
    emulator.baseUrl,
    portal.service_key,
    'GET',
    `/crm/v3/objects/${type}?limit=${n}&properties=hs_object_id`,
  )) as {
    results: { id: string }[];
  };
  return page.results.map((r) => r.id);
}

/** Reads changes until caught up, the cursor passed through JSON as the engine stores it. */
async function readAllChanges(
  reader: HubspotReader,
  type: CrmObjectType,
  start: ChangeCursor,
  options: { lookbackMs: number; now: () => number },
): Promise<{ changes: HubspotChange[]; cursor: ChangeCursor; pages: number }> {
  const changes: HubspotChange[] = [];
  let cursor: unknown = start;
  for (let pages = 1; ; pages++) {
    const page = await reader.readChanges(type, JSON.parse(JSON.stringify(cursor)), options);
    changes.push(...page.changes);
    cursor = page.nextCursor;
    if (!page.hasMore) return { changes, cursor: page.nextCursor, pages };
  }
}

const upserted = (changes: HubspotChange[]) => [...new Set(changes.filter((c) => c.op === 'upsert').map((c) => c.row.id))].sort();

describe('incremental reading', () => {
  it('returns the records changed after the cursor, typed, and nothing older', async () => {
    const portal = await emulator.createPortal({ objects: { deals: 6 } });
    const start = await emulator.freezeClock(portal.portal_id);
    await emulator.advanceClock(portal.portal_id, 1);
    const [a, b] = await firstIds(portal, 'deals', 2);
    await update(portal, 'deals', a!, { amount: '99.5' });
    await update(portal, 'deals', b!, { dealname: 'renamed' });
    const created = (
      await emulator.admin<{ id: string }>('POST', `/portals/${portal.portal_id}/objects/deals`, { properties: { dealname: 'new' } })
    ).id;
    const now = await emulator.advanceClock(portal.portal_id, 1);
    const { changes } = await readAllChanges(readerFor(portal), 'deals', changeCursorAt(start + 1), { lookbackMs: 0, now: () => now });
    expect(upserted(changes)).toEqual([a!, b!, created].sort());
    expect(changes.find((c) => c.row.id === a)?.row.values.amount).toBe(99.5);
  });

  it('loses no record when more than 10,000 share one modification time', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 10_250 }, search_per_second: 1000 });
    const before = await emulator.freezeClock(portal.portal_id);
    await emulator.advanceClock(portal.portal_id, 1);
    await emulator.admin('POST', `/portals/${portal.portal_id}/objects/contacts/touch`, { count: 10_250 });
    const now = await emulator.advanceClock(portal.portal_id, 1);
    const { changes, pages } = await readAllChanges(readerFor(portal), 'contacts', changeCursorAt(before + 1), {
      lookbackMs: 0,
      now: () => now,
    });
    expect(upserted(changes)).toHaveLength(10_250);
    expect(pages).toBeGreaterThan(50);
  }, 120_000);

  it('stops a look-back behind now, so a change still on its way to search is read once indexed', async () => {
    const portal = await emulator.createPortal({ objects: { tickets: 3 }, search_lag_ms: 5_000 });
    const start = await emulator.freezeClock(portal.portal_id);
    const reader = readerFor(portal);
    await emulator.advanceClock(portal.portal_id, 60);
    const [ticket] = await firstIds(portal, 'tickets', 1);
    await update(portal, 'tickets', ticket!, { subject: 'late in search' });
    let now = await emulator.advanceClock(portal.portal_id, 1);
    const options = { lookbackMs: 10_000, now: () => now };
    const early = await readAllChanges(reader, 'tickets', changeCursorAt(start), options);
    expect(upserted(early.changes)).toEqual([]);
    now = await emulator.advanceClock(portal.portal_id, 20);
    const later = await readAllChanges(reader, 'tickets', early.cursor, options);
    expect(upserted(later.changes)).toEqual([ticket]);
    expect(later.changes[0]?.row.values.subject).toBe('late in search');
  });

  it('deletes merged-away ids along with the surviving record’s change', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 4 } });
    const start = await emulator.freezeClock(portal.portal_id);
    await emulator.advanceClock(portal.portal_id, 1);
    const [primary, merged] = await firstIds(portal, 'contacts', 2);
    await hubspotCall(emulator.baseUrl, portal.service_key, 'POST', '/crm/v3/objects/contacts/merge', {
      primaryObjectId: primary,
      objectIdToMerge: merged,
    });
    const now = await emulator.advanceClock(portal.portal_id, 1);
    const { changes } = await readAllChanges(readerFor(portal), 'contacts', changeCursorAt(start + 1), { lookbackMs: 0, now: () => now });
    expect(changes.map((c) => [c.op, c.row.id])).toEqual([
      ['upsert', primary],
      ['delete', merged],
    ]);
  });

  it('finds archives in the archived list (search never shows them) and reports each once', async () => {
    const portal = await emulator.createPortal({ objects: { companies: 3 } });
    const start = await emulator.freezeClock(portal.portal_id);
    await emulator.advanceClock(portal.portal_id, 1);
    const [archived] = await firstIds(portal, 'companies', 1);
    await hubspotCall(emulator.baseUrl, portal.service_key, 'DELETE', `/crm/v3/objects/companies/${archived}`);
    let now = await emulator.advanceClock(portal.portal_id, 1);
    const reader = readerFor(portal);
    const searched = await readAllChanges(reader, 'companies', changeCursorAt(start + 1), { lookbackMs: 0, now: () => now });
    expect(searched.changes).toEqual([]);
    const options = { lookbackMs: 0, now: () => now };
    const sweep = await reader.sweepArchived('companies', archiveCursorAt(start), options);
    expect(sweep.hasMore).toBe(false);
    expect(sweep.changes.map((c) => [c.op, c.row.id, c.row.values.archived])).toEqual([['delete', archived, true]]);
    now = await emulator.advanceClock(portal.portal_id, 60);
    const again = await reader.sweepArchived('companies', JSON.parse(JSON.stringify(sweep.nextCursor)), options);
    expect(again.changes).toEqual([]);
  });

  it('lists live ids by range, so a GDPR-deleted record is found missing', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 150 } });
    const ids = await firstIds(portal, 'contacts', 100);
    const gone = ids[42]!;
    await hubspotCall(emulator.baseUrl, portal.service_key, 'POST', '/crm/v3/objects/contacts/gdpr-delete', { objectId: gone });
    const reader = readerFor(portal);
    const first = await reader.sweepIds('contacts', null, null);
    expect(first.ids).toHaveLength(100);
    expect(first.ids).not.toContain(gone);
    expect(first.throughId).toBe(first.ids[99]);
    const second = await reader.sweepIds('contacts', first.next, first.throughId);
    expect(second).toMatchObject({ afterId: first.throughId, throughId: null, next: null });
    expect(first.ids.length + second.ids.length).toBe(149);
  });
});
