import { startEmulator, type TestEmulator } from '@datasync/testing';
import { createStripeConnector } from '../stripeConnector';
import { collectPages } from '../../testing/collect';
import { testSettings } from '../../testing/settings';
import { EARLIEST_CREATED, findOldestCreated } from './oldestCreated';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

const DAY = 86_400;

async function readerFor(body: Record<string, unknown>) {
  const account = await emulator.createAccount(body);
  const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
  const credential = { kind: 'secret_key' as const, key: account.secret_key };
  return { reader: connector.reader(credential, await connector.verify(credential)), account };
}

describe('findOldestCreated', () => {
  it.each([
    ['ten years of history and a connection-time created', { history_days: 3650, created: Math.floor(Date.now() / 1000) - 5 * DAY }],
    ['no created at all', { history_days: 400, created: null }],
  ])('finds the day of the oldest object from the data: %s', async (_name, extra) => {
    const { reader, account } = await readerFor({ objects: { invoices: 0, charges: 3_000 }, ...extra });
    const all = (await collectPages(reader.listPages('charges', {}))).flatMap((p) => p.objects);
    const created = all.map((o) => o.created as number);
    const oldest = Math.min(...created);
    const newestPageEnd = created[99] as number;

    const before = await emulator.requestsServed(account.id);
    const found = await findOldestCreated(reader, 'charges', newestPageEnd);
    const served = (await emulator.requestsServed(account.id)) - before;

    expect(found.lowerBound).toBeLessThanOrEqual(oldest);
    expect(oldest - found.lowerBound).toBeLessThanOrEqual(DAY);
    expect(served).toBe(found.requests);
    // log2((now - 2010) / 1 day) is about 13: one-object pages, a handful of requests.
    expect(found.requests).toBeLessThanOrEqual(16);
  });

  it('waits for a third of the rounds when each sends several requests at once', async () => {
    const { reader, account } = await readerFor({
      objects: { charges: 3_000 },
      history_days: 3650,
      created: Math.floor(Date.now() / 1000) - 5 * DAY,
    });
    const all = (await collectPages(reader.listPages('charges', {}))).flatMap((p) => p.objects);
    const oldest = Math.min(...all.map((o) => o.created as number));
    const knownAt = all[99]?.created as number;

    const one = await findOldestCreated(reader, 'charges', knownAt, { hint: account.created });
    const before = await emulator.requestsServed(account.id);
    const seven = await findOldestCreated(reader, 'charges', knownAt, { hint: account.created, probesPerRound: 7 });
    expect((await emulator.requestsServed(account.id)) - before).toBe(seven.requests);
    for (const found of [one, seven]) {
      expect(found.lowerBound).toBeLessThanOrEqual(oldest);
      expect(oldest - found.lowerBound).toBeLessThanOrEqual(DAY);
    }
    expect(one.rounds).toBeGreaterThanOrEqual(12);
    expect(seven.rounds).toBeLessThanOrEqual(6);
    expect(seven.requests).toBeLessThanOrEqual(6 * 7);
  });

  it('takes the account’s created, for one request, when nothing is older', async () => {
    const { reader, account } = await readerFor({ objects: { charges: 1_000 }, history_days: 200 });
    const head = await reader.fetchPage('charges', { limit: 100 });
    const found = await findOldestCreated(reader, 'charges', head.lastCreated as number, { hint: account.created });
    expect(found).toEqual({ lowerBound: account.created, requests: 1, rounds: 1 });
  });

  it('searches below a created that something is older than', async () => {
    const created = Math.floor(Date.now() / 1000) - 20 * DAY;
    const { reader } = await readerFor({ objects: { charges: 1_000 }, history_days: 200, created });
    const all = (await collectPages(reader.listPages('charges', {}))).flatMap((p) => p.objects);
    const oldest = Math.min(...all.map((o) => o.created as number));
    const found = await findOldestCreated(reader, 'charges', all[99]?.created as number, { hint: created });
    expect(found.lowerBound).toBeLessThanOrEqual(oldest);
    expect(oldest - found.lowerBound).toBeLessThanOrEqual(DAY);
  });

  it('answers the known object’s own second when it is the oldest', async () => {
    const { reader } = await readerFor({ objects: { charges: 1 } });
    const [only] = (await collectPages(reader.listPages('charges', {}))).flatMap((p) => p.objects);
    const found = await findOldestCreated(reader, 'charges', only?.created as number, { precisionSeconds: 1 });
    expect(found.lowerBound).toBe(only?.created);
    expect(found.lowerBound).toBeGreaterThan(EARLIEST_CREATED);
  });
});
