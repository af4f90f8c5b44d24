import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '@datasync/config';
import { configSchema, type EmulatorConfig } from '../config';
import { createObject, deleteObject, updateObject } from '../objects/objectMutations';
import { createEmulatorState } from '../state/createEmulatorState';
import type { EmulatorState } from '../state/emulatorState';
import { CorruptJournalError } from '../kit';
import { StateJournal } from './stateJournal';

// The journal on a real folder, in-process: what a restart rebuilds, a crash's torn last line,
// and damage that must stop the start rather than silently lose accounts.

const config = parseConfig<EmulatorConfig>(configSchema, { EMULATOR_SEED: 'journal-test', EMULATOR_LATENCY_MS: '0' });
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'emulator-journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function reopen(): { state: EmulatorState; journal: StateJournal; tornTail: boolean } {
  const state = createEmulatorState(config);
  const { journal, tornTail } = StateJournal.open(dir, state);
  return { state, journal, tornTail };
}

function populate(): { accountId: string; updated: string; created: string; deleted: string; events: string[] } {
  const { state, journal } = reopen();
  const account = state.createAccount({ objects: { charges: 10, customers: 3 } });
  const charges = account.store('charges');
  const customers = account.store('customers');
  if (!charges || !customers) throw new Error('the catalog has charges and customers');
  const updated = charges.codec.encode(4);
  updateObject(account, charges, updated, { description: 'kept' });
  const created = createObject(account, charges, { amount: 777 }).id as string;
  const deleted = customers.codec.encode(1);
  deleteObject(account, customers, deleted);
  account.clockOffset = 600;
  journal.save();
  journal.close();
  const events = Array.from({ length: account.events.size }, (_, i) => account.events.at(i)?.type ?? '');
  return { accountId: account.id, updated, created, deleted, events };
}

it('rebuilds accounts, overlay objects, deletions, events and clocks, and continues the account count', () => {
  const ids = populate();
  const { state, journal } = reopen();
  const account = state.account(ids.accountId);
  expect(account).toBeDefined();
  const charges = account?.store('charges');
  const customers = account?.store('customers');
  expect(charges?.objectAt(charges.indexOf(ids.updated) ?? -1)).toMatchObject({ id: ids.updated, description: 'kept' });
  expect(charges?.objectAt(charges.indexOf(ids.created) ?? -1)).toMatchObject({ id: ids.created, amount: 777 });
  expect(customers?.isDeleted(customers.indexOf(ids.deleted) ?? -1)).toBe(true);
  expect(ids.events).toEqual(expect.arrayContaining(['charge.updated', 'charge.succeeded', 'customer.deleted']));
  expect(Array.from({ length: account?.events.size ?? 0 }, (_, i) => account?.events.at(i)?.type)).toEqual(ids.events);
  expect(account?.clockOffset).toBe(600);
  expect(state.createAccount({}).id).not.toBe(ids.accountId);
  journal.close();
});

it('leaves out a torn last line, as a crash mid-write leaves it', () => {
  const ids = populate();
  appendFileSync(path.join(dir, 'journal.ndjson'), '{"type":"event","acc');
  const { state, journal, tornTail } = reopen();
  expect(tornTail).toBe(true);
  expect(state.account(ids.accountId)?.events.size).toBe(ids.events.length);
  // The start rewrote the journal without the torn line.
  expect(readFileSync(path.join(dir, 'journal.ndjson'), 'utf8')).not.toContain('"acc\n');
  journal.close();
});

it('refuses to start on a damaged line before the last, naming the file and line', () => {
  populate();
  const file = path.join(dir, 'journal.ndjson');
  const lines = readFileSync(file, 'utf8').split('\n');
  lines[1] = 'not json';
  writeFileSync(file, lines.join('\n'));
  expect(() => reopen()).toThrow(CorruptJournalError);
  expect(() => reopen()).toThrow(`${file} line 2 is not JSON`);
});

it('keeps webhook endpoints, with their ids and secrets, and forgets the deleted ones', () => {
  const first = reopen();
  const platform = first.state.createAccount({ objects: {} });
  const endpoints = first.state.webhookEndpoints;
  const base = { owner: platform.id, enabledEvents: ['*'], description: null, created: 1_764_000_000 };
  const kept = endpoints.create({ ...base, url: 'http://127.0.0.1:1/kept', connect: true });
  const gone = endpoints.create({ ...base, url: 'http://127.0.0.1:1/gone', connect: false });
  first.journal.save();
  expect(endpoints.delete(platform.id, gone.id)).toBe(true);
  first.journal.close();

  const { state, journal } = reopen();
  expect(state.webhookEndpoints.all()).toEqual([kept]);
  // Deliveries go on to it after the restart, signed with the secret the receiver was given.
  const connected = state.createAccount({ objects: {}, connectedTo: platform.id });
  expect(state.webhookEndpoints.recipients(connected.id, platform.id, 'customer.created')).toEqual([kept]);
  journal.close();
  // The restart compacted the journal: the deleted endpoint is no longer in it.
  expect(readFileSync(path.join(dir, 'journal.ndjson'), 'utf8')).not.toContain(gone.id);
});
