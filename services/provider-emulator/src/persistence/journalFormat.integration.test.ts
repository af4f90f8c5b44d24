import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '@datasync/config';
import { configSchema, type EmulatorConfig } from '../config';
import { createEmulatorState } from '../state/createEmulatorState';
import type { EmulatorState } from '../state/emulatorState';
import { StateJournal } from './stateJournal';

// A journal is kept across emulator versions: this one was written by the emulator before its
// journal moved onto the kit's AppendJournal (two sessions: a compacted start, then appended
// records, the same object written twice). It must load, and load again after the start compacts it.

const FIXTURE = path.join(__dirname, 'fixtures', 'journal-written-before-appendJournal.ndjson');
const config = parseConfig<EmulatorConfig>(configSchema, { EMULATOR_SEED: 'journal-fixture', EMULATOR_LATENCY_MS: '0' });
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'emulator-journal-format-'));
  copyFileSync(FIXTURE, path.join(dir, 'journal.ndjson'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function load(): { state: EmulatorState; replayed: number } {
  const state = createEmulatorState(config);
  const { journal, replayed } = StateJournal.open(dir, state);
  journal.close();
  return { state, replayed };
}

function expectFixtureState(state: EmulatorState): void {
  const account = state.account('acct_1SI1FdHxUr4ZduyK');
  const charges = account?.store('charges');
  const customers = account?.store('customers');
  expect(charges?.objectAt(charges.indexOf('ch_X95ogiTX9mRwLeg1naVdLAOl') ?? -1)).toMatchObject({ description: 'changed after a restart' });
  expect(charges?.objectAt(charges.indexOf('ch_X95ogiTX9m3m6MMBGr0byKhM') ?? -1)).toMatchObject({ amount: 777 });
  expect(customers?.isDeleted(1)).toBe(true);
  expect(account?.clockOffset).toBe(600);
  expect(account?.faultOverrides).toEqual({ error_rate: 0.25 });
  expect(account?.events.size).toBe(5);
  expect(account?.testClocks.all().map((clock) => clock.name)).toEqual(['fixture clock']);
  expect(state.webhookEndpoints.all().map((endpoint) => endpoint.id)).toEqual(['we_11Ok70s29Gk8ICuVrF7B92Fj']);
  expect(state.account('acct_1ADqreSFpRpTo9dh')).toBeDefined();
  expect(state.globalFaults.throttle_rate).toBe(0.5);
  expect(state.sequence).toBe(2);
}

it('loads a journal written by the emulator before its journal moved onto the kit', () => {
  const { state, replayed } = load();
  expect(replayed).toBe(17);
  expectFixtureState(state);
});

it('loads it again once the start has compacted it', () => {
  load();
  const { state, replayed } = load();
  expect(replayed).toBeLessThan(17);
  expectFixtureState(state);
});
