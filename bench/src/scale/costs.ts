import { backendCpuDelta, writes, type PgSnapshot } from './resources';
import type { Snapshot } from './snapshot';

// Deltas between snapshots, turned into what an idle account and what an event cost. An event's
// cost is what the window with changes used beyond the idle window's rate, divided by its events.

const sum = (values: Iterable<number>) => [...values].reduce((s, n) => s + n, 0);

export const seconds = (from: Snapshot, to: Snapshot) => (to.processes.at - from.processes.at) / 1000;

/** Provider requests (and 429s) the emulator served these accounts between two snapshots. */
export function providerRequests(from: Snapshot, to: Snapshot, accountIds: Iterable<string>): { requests: number; rateLimited: number } {
  let requests = 0;
  let rateLimited = 0;
  for (const id of accountIds) {
    requests += (to.stats.get(id)?.requests ?? 0) - (from.stats.get(id)?.requests ?? 0);
    rateLimited += (to.stats.get(id)?.rate_limited ?? 0) - (from.stats.get(id)?.rate_limited ?? 0);
  }
  return { requests, rateLimited };
}

/** CPU seconds of the processes whose name starts with `prefix` (`loader`) between two snapshots. */
export function processCpu(from: Snapshot, to: Snapshot, prefix: string): number[] {
  return [...to.processes.cpu]
    .filter(([name]) => name.startsWith(prefix))
    .map(([name, cpu]) => cpu - (from.processes.cpu.get(name) ?? cpu));
}

const pgWrites = (from: PgSnapshot, to: PgSnapshot) => writes(to) - writes(from);

export interface WindowUse {
  seconds: number;
  /** Polls run: the loaders' account.poll jobs, or, where no loader reports them, the provider requests (an idle poll asks once). */
  polls: number;
  /** Provider requests of every account. */
  requests: number;
  loaderCpu: number;
  controlPlaneWrites: number;
  destinationWrites: number;
  redisCommands: number;
  postgresCpu: number;
}

/** What the system used between two snapshots, summed. */
export function windowUse(from: Snapshot, to: Snapshot): WindowUse {
  const { requests } = providerRequests(from, to, to.stats.keys());
  return {
    seconds: seconds(from, to),
    polls: from.loader.polls && to.loader.polls ? to.loader.polls.count - from.loader.polls.count : requests,
    requests,
    loaderCpu: sum(processCpu(from, to, 'loader')),
    controlPlaneWrites: pgWrites(from.controlPlane, to.controlPlane),
    destinationWrites: pgWrites(from.destination, to.destination),
    redisCommands: to.redis.commands - from.redis.commands,
    postgresCpu: backendCpuDelta(from.controlPlane, to.controlPlane) + backendCpuDelta(from.destination, to.destination),
  };
}

type Cost = Exclude<keyof WindowUse, 'seconds' | 'polls'>;

/** What one poll of the idle window cost. */
export function perPoll(idle: WindowUse): Record<Cost, number> {
  const each = (key: Cost) => idle[key] / idle.polls;
  return {
    requests: each('requests'),
    loaderCpu: each('loaderCpu'),
    controlPlaneWrites: each('controlPlaneWrites'),
    destinationWrites: each('destinationWrites'),
    redisCommands: each('redisCommands'),
    postgresCpu: each('postgresCpu'),
  };
}

/**
 * What `busy` used per event beyond what its polls would have cost idle. Counted per poll rather
 * than per second: once the loaders fall behind, the polls' rate changes between windows.
 */
export function perEvent(idle: WindowUse, busy: WindowUse, events: number): Record<Cost, number> {
  const poll = perPoll(idle);
  const extra = (key: Cost) => (events === 0 ? NaN : (busy[key] - poll[key] * busy.polls) / events);
  return {
    requests: extra('requests'),
    loaderCpu: extra('loaderCpu'),
    controlPlaneWrites: extra('controlPlaneWrites'),
    destinationWrites: extra('destinationWrites'),
    redisCommands: extra('redisCommands'),
    postgresCpu: extra('postgresCpu'),
  };
}

/** Rows of every table of a database, summed. */
export const totalRows = (s: PgSnapshot) => sum(s.rows.values());
