import { backfillRange, splitRange, type CreatedRange } from '@datasync/providers';
import { cpuSeconds } from '../procStats';
import { rssBytes, type RunningEmulator } from './emulatorProcess';
import { createEmulatorAccount, getText, requestJson } from './httpJson';

export interface PagingResult {
  objects: number;
  distinct: number;
  requests: number;
  seconds: number;
  objectsPerSecond: number;
  rssStartMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  /** CPU time the emulator used during the run: on a busy machine, wall time overstates its cost. */
  emulatorCpuSeconds: number;
  clientCpuSeconds: number;
}

interface ListBody {
  data: { id: string; object: string }[];
  has_more: boolean;
}

// Parsing 1,000,000 whole charges would make the bench client, not the emulator, the
// bottleneck on a two-core machine: ids are picked out of the raw page instead (a charge
// starts with its id, then `"object":"charge"`), and the first page is checked against a full
// parse so that this shortcut cannot miscount.
const chargeId = /"id":"(ch_[A-Za-z0-9]+)","object":"charge"/g;
const hasMore = /"has_more":(true|false)/;

function scan(text: string): { ids: string[]; hasMore: boolean } {
  const more = hasMore.exec(text.slice(-200)) ?? hasMore.exec(text);
  if (!more) throw new Error('a list page without has_more');
  return { ids: Array.from(text.matchAll(chargeId), (m) => m[1] as string), hasMore: more[1] === 'true' };
}

function checkScan(text: string): void {
  const body = JSON.parse(text) as ListBody;
  const scanned = scan(text);
  const parsed = body.data.map((o) => o.id);
  if (scanned.hasMore !== body.has_more || JSON.stringify(scanned.ids) !== JSON.stringify(parsed)) {
    throw new Error('scanning a page disagrees with parsing it');
  }
}

/**
 * Run (a): pages through every charge of one account with limit 100 over keep-alive HTTP,
 * `concurrency` connections each on its own created range, while sampling the emulator's RSS.
 */
export async function runPagingBench(emulator: RunningEmulator, count: number, concurrency: number): Promise<PagingResult> {
  const account = await createEmulatorAccount(emulator.baseUrl, { objects: { charges: count } });
  const me = await requestJson<{ created: number }>(emulator.baseUrl, 'GET', '/v1/account', { bearer: account.secret_key });
  const range = backfillRange(me.body.created);
  const ids = new Set<string>();
  let objects = 0;
  let requests = 0;

  let checked = false;
  async function page(segment: CreatedRange): Promise<void> {
    let startingAfter: string | undefined;
    for (;;) {
      const query = `limit=100&created[gte]=${segment.gte}&created[lt]=${segment.lt}${startingAfter ? `&starting_after=${startingAfter}` : ''}`;
      const { status, text } = await getText(emulator.baseUrl, `/v1/charges?${query}`, account.secret_key);
      requests++;
      if (status !== 200) throw new Error(`listing charges answered ${status}`);
      if (!checked) {
        checkScan(text);
        checked = true;
      }
      const page = scan(text);
      for (const id of page.ids) ids.add(id);
      objects += page.ids.length;
      const last = page.ids[page.ids.length - 1];
      if (!page.hasMore || !last) return;
      startingAfter = last;
    }
  }

  const rssStart = rssBytes(emulator.pid);
  let rssPeak = rssStart;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(emulator.pid))), 200);
  const emulatorCpuStart = cpuSeconds(emulator.pid);
  const clientCpuStart = process.cpuUsage();
  const started = performance.now();
  try {
    await Promise.all(splitRange(range.gte, range.lt, concurrency).map(page));
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const emulatorCpuSeconds = cpuSeconds(emulator.pid) - emulatorCpuStart;
  const clientCpu = process.cpuUsage(clientCpuStart);
  const rssEnd = rssBytes(emulator.pid);
  rssPeak = Math.max(rssPeak, rssEnd);
  const mb = (bytes: number) => bytes / 1024 / 1024;
  return {
    objects,
    distinct: ids.size,
    requests,
    seconds,
    objectsPerSecond: objects / seconds,
    rssStartMb: mb(rssStart),
    rssPeakMb: mb(rssPeak),
    rssEndMb: mb(rssEnd),
    emulatorCpuSeconds,
    clientCpuSeconds: (clientCpu.user + clientCpu.system) / 1e6,
  };
}
