import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CorruptJournalError } from '../kit';
import { createHubspotState } from './createHubspotState';
import { openHubspotJournal } from './hubspotJournal';
import { createPortal } from './portal/createPortal';
import type { HubspotState } from './portal/hubspotState';

// HubSpot's journal on a real folder, in-process: a restart rebuilds portals (generated records
// included), every change made since, apps and tokens; a torn last line is left out.

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hubspot-journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function reopen(): { state: HubspotState; close: () => void; tornTail: boolean } {
  const state = createHubspotState({ seed: 'journal-test', historyDays: 30, latency: { min: 0, max: 0 }, searchLagMs: 0 });
  const { journal, tornTail } = openHubspotJournal(dir, state);
  return { state, close: () => journal.close(), tornTail };
}

describe('HubSpot state journal', () => {
  it('rebuilds portals, record changes, custom properties, apps and tokens after a restart', () => {
    const first = reopen();
    const portal = createPortal(first.state, { objects: { contacts: 5, companies: 1 }, time_zone: 'Europe/Berlin', burst_limit: 7 });
    const [a, b, c, d] = [...portal.store('contacts').from(0, false)].map((r) => r.id);
    const at = portal.now();
    first.state.apply({ op: 'update_object', portalId: portal.id, type: 'contacts', id: a ?? 0, properties: { firstname: 'Kept' }, at });
    first.state.apply({ op: 'archive_object', portalId: portal.id, type: 'contacts', id: b ?? 0, at });
    first.state.apply({ op: 'merge_objects', portalId: portal.id, type: 'contacts', primaryId: a ?? 0, mergedId: c ?? 0, at });
    first.state.apply({ op: 'purge_object', portalId: portal.id, type: 'contacts', id: d ?? 0, at });
    first.state.apply({ op: 'advance_clock', portalId: portal.id, ms: 60_000 });
    const app = { appId: 1, name: 'app', clientId: 'client', clientSecret: 'secret', scopes: ['oauth'] };
    first.state.apply({ op: 'create_app', app });
    const token = {
      token: 'CO-token',
      portalId: portal.id,
      appId: 1,
      clientId: 'client',
      scopes: ['oauth'],
      userId: 1,
      user: 'u',
      expiresAt: at + 1_800_000,
      revoked: false,
    };
    first.state.apply({ op: 'issue_tokens', access: token, refresh: { ...token, token: 'na1-refresh' } });
    first.close();

    const second = reopen();
    const restored = second.state.portal(portal.id);
    if (!restored) throw new Error('portal not restored');
    expect(restored.spec.timeZone).toBe('Europe/Berlin');
    expect(restored.burstLimit(false)).toBe(7);
    expect(restored.clockOffsetMs).toBe(60_000);
    expect(restored.store('contacts').find(a ?? 0)?.properties).toMatchObject({ firstname: 'Kept', hs_merged_object_ids: String(c) });
    expect(restored.store('contacts').find(b ?? 0)?.archived).toBe(true);
    expect(restored.store('contacts').find(c ?? 0)?.id).toBe(a);
    expect(restored.store('contacts').find(d ?? 0)).toBeUndefined();
    expect(second.state.serviceKeys.get(portal.spec.serviceKey)).toBe(restored);
    expect(second.state.accessTokens.get('CO-token')?.portalId).toBe(portal.id);
    expect(second.state.installedApps(portal.id).map((x) => x.clientId)).toEqual(['client']);
    // New portals never take an id already used.
    expect(createPortal(second.state, { objects: {} }).id).not.toBe(portal.id);
    second.close();
  });

  it('leaves out a torn last line (a crash mid-write) and refuses damage elsewhere', () => {
    const first = reopen();
    createPortal(first.state, { objects: { contacts: 1 } });
    first.close();
    const file = path.join(dir, 'hubspot.ndjson');
    appendFileSync(file, '{"op":"create_app","app":{"appId"');
    const second = reopen();
    expect(second.tornTail).toBe(true);
    expect(second.state.portals.size).toBe(1);
    second.close();
    expect(readFileSync(file, 'utf8').endsWith('}\n')).toBe(true);

    appendFileSync(file, 'not json\n{"op":"advance_clock","portalId":1,"ms":1}\n');
    expect(() => reopen()).toThrow(CorruptJournalError);
  });
});
