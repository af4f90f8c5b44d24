import { isResourceName } from '../generators/resourceNames';
import type { EmulatorAccount } from '../state/account';
import type { EmulatorState } from '../state/emulatorState';
import type { ResourceStore } from '../state/resourceStore';
import { CorruptJournalError } from '../kit';
import type { JournalRecord } from './journalRecords';

/** Applies one journal record to the state, as it was when the record was written. */
export function replayRecord(state: EmulatorState, record: JournalRecord): void {
  switch (record.type) {
    case 'account':
      state.restoreAccount(record.spec);
      return;
    case 'account_settings': {
      const account = accountOf(state, record.account);
      const { settings } = record;
      account.clockOffset = settings.clockOffset;
      account.faultOverrides = settings.faultOverrides;
      account.connectedTo = settings.connectedTo ?? undefined;
      account.events.apiVersion = settings.apiVersion;
      account.events.lateVisibility = settings.lateVisibility;
      return;
    }
    case 'object':
      storeOf(state, record.account, record.resource).restoreObject(record.index, record.object);
      return;
    case 'deleted':
      storeOf(state, record.account, record.resource).markDeleted(record.index);
      return;
    case 'event':
      accountOf(state, record.account).events.restore(record.event, record.visibleFrom);
      return;
    case 'test_clock':
      accountOf(state, record.account).testClocks.restore(record.clock);
      return;
    case 'emulator':
      state.sequence = Math.max(state.sequence, record.sequence);
      state.globalFaults = record.globalFaults;
      return;
    case 'webhook_endpoint':
      state.webhookEndpoints.restore(record.endpoint);
      return;
    case 'webhook_endpoint_deleted':
      state.webhookEndpoints.forget(record.id);
      return;
    default:
      throw new CorruptJournalError(`unknown record type ${JSON.stringify((record as { type?: unknown }).type)}`);
  }
}

function accountOf(state: EmulatorState, id: string): EmulatorAccount {
  const account = state.account(id);
  if (!account) throw new CorruptJournalError(`a record names account ${id} before it is created`);
  return account;
}

function storeOf(state: EmulatorState, accountId: string, resource: string): ResourceStore {
  const store = isResourceName(resource) ? accountOf(state, accountId).store(resource) : undefined;
  if (!store) throw new CorruptJournalError(`account ${accountId} has no resource ${resource}`);
  return store;
}
