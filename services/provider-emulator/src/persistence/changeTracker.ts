import type { JsonObject } from '../kit/json';
import type { EmulatorAccount } from '../state/account';
import type { EmulatorState } from '../state/emulatorState';
import type { AccountSettings, JournalRecord } from './journalRecords';

interface Written {
  settings: string;
  /** `resource:index` → the overlay object last written; the stores replace an object on change. */
  objects: Map<string, JsonObject>;
  deleted: Set<string>;
  events: number;
  clocks: number;
}

export function accountSettings(account: EmulatorAccount): AccountSettings {
  return {
    clockOffset: account.clockOffset,
    faultOverrides: account.faultOverrides,
    connectedTo: account.connectedTo ?? null,
    apiVersion: account.events.apiVersion,
    lateVisibility: account.events.lateVisibility,
  };
}

/**
 * What changed in the state since the last call, as journal records. Cost is the size of the
 * overlays (what the admin API touched) plus the new events, never the generated data.
 */
export class ChangeTracker {
  private readonly written = new Map<string, Written>();
  /** Ids of the webhook endpoints written (endpoints never change after creation, only go). */
  private readonly endpoints = new Set<string>();
  private emulator: string;

  constructor(private readonly state: EmulatorState) {
    // The configured defaults are not journaled: a restart with other settings takes them.
    this.emulator = JSON.stringify({ sequence: 0, globalFaults: state.settings.faults });
  }

  changes(): JournalRecord[] {
    const records: JournalRecord[] = [];
    for (const { account, spec } of this.state.allAccounts()) {
      let written = this.written.get(account.id);
      if (!written) {
        written = { settings: '', objects: new Map(), deleted: new Set(), events: 0, clocks: 0 };
        this.written.set(account.id, written);
        records.push({ type: 'account', spec });
      }
      this.accountChanges(account, written, records);
    }
    this.endpointChanges(records);
    const emulator = { sequence: this.state.sequence, globalFaults: this.state.globalFaults };
    const text = JSON.stringify(emulator);
    if (text !== this.emulator) {
      this.emulator = text;
      records.push({ type: 'emulator', ...emulator });
    }
    return records;
  }

  private endpointChanges(records: JournalRecord[]): void {
    const live = new Set<string>();
    for (const endpoint of this.state.webhookEndpoints.all()) {
      live.add(endpoint.id);
      if (this.endpoints.has(endpoint.id)) continue;
      this.endpoints.add(endpoint.id);
      records.push({ type: 'webhook_endpoint', endpoint });
    }
    for (const id of this.endpoints) {
      if (live.has(id)) continue;
      this.endpoints.delete(id);
      records.push({ type: 'webhook_endpoint_deleted', id });
    }
  }

  private accountChanges(account: EmulatorAccount, written: Written, records: JournalRecord[]): void {
    const id = account.id;
    const settings = accountSettings(account);
    const text = JSON.stringify(settings);
    if (text !== written.settings) {
      written.settings = text;
      records.push({ type: 'account_settings', account: id, settings });
    }
    for (const [resource, store] of account.stores) {
      for (const [index, object] of store.overlayObjects()) {
        const key = `${resource}:${index}`;
        if (written.objects.get(key) === object) continue;
        written.objects.set(key, object);
        records.push({ type: 'object', account: id, resource, index, object });
      }
      for (const index of store.deletedIndexes()) {
        const key = `${resource}:${index}`;
        if (written.deleted.has(key)) continue;
        written.deleted.add(key);
        records.push({ type: 'deleted', account: id, resource, index });
      }
    }
    for (; written.events < account.events.size; written.events++) {
      const event = account.events.at(written.events);
      if (event) records.push({ type: 'event', account: id, event, visibleFrom: account.events.visibleFromAt(written.events) });
    }
    const clocks = account.testClocks.all();
    for (; written.clocks < clocks.length; written.clocks++) {
      const clock = clocks[written.clocks];
      if (clock) records.push({ type: 'test_clock', account: id, clock });
    }
  }
}
