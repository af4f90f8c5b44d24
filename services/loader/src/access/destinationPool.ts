import { createHash } from 'node:crypto';
import { createWriter, type Writer, type WriterOptions } from '@datasync/destinations';
import type { SecretBox } from '@datasync/crypto';
import { openDestination, type DestinationAccessSettings, type OpenDestination, type SealedDestination } from './destinationAccess';

/** A pooled connection: the destination, and a writer per table kept with it (a Postgres writer's staging table lives on its connection). */
export interface PooledDestination {
  destination: OpenDestination;
  writer(options: Omit<WriterOptions, 'schema'>): Writer;
}

export interface PoolTarget {
  environmentId: string;
  destination: SealedDestination;
}

export interface PoolLimits {
  /** Connections one loader process keeps to one destination at most (LOADER_DESTINATION_CONNECTIONS). */
  perDestination: number;
  /** An idle connection is closed after this long. */
  idleMs: number;
}

interface Connection extends PooledDestination {
  writers: Map<string, Writer>;
  idleSince: number;
}

type Waiter = (connection: Connection | null) => void;

interface Slot {
  idle: Connection[];
  open: number;
  /** Jobs waiting for a connection: the urgent ones (a new account's first rows) are served first. */
  urgent: Waiter[];
  waiting: Waiter[];
}

/**
 * The segment jobs' connections to destinations, shared within one loader process. A segment job
 * waits on the provider most of the time, so it borrows a connection only for each batch it
 * writes: however many segment jobs run, a destination (the integrator's database) sees at most
 * `perDestination` connections from this process, and no job pays a new connection per slice.
 * A connection whose work threw is closed, not reused: its session state is unknown.
 * Keyed by the destination and its sealed connection string, so a changed string opens anew.
 */
export class DestinationPool {
  private readonly slots = new Map<string, Slot>();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly open: (target: PoolTarget) => Promise<OpenDestination>,
    private readonly limits: PoolLimits,
  ) {
    this.sweeper = setInterval(() => this.closeIdle(), Math.max(1_000, limits.idleMs / 2));
    this.sweeper.unref();
  }

  /**
   * Runs `work` on a connection of the target's destination, waiting for one when all are busy;
   * `urgent` work (a new account's first rows) goes ahead of the waiting batches.
   */
  async use<T>(target: PoolTarget, work: (pooled: PooledDestination) => Promise<T>, options: { urgent?: boolean } = {}): Promise<T> {
    const key = slotKey(target);
    const connection = await this.acquire(key, target, options.urgent ?? false);
    let healthy = false;
    try {
      const result = await work(connection);
      healthy = true;
      return result;
    } finally {
      this.release(key, connection, healthy);
    }
  }

  /** Closes every idle connection; connections in use close when they come back. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    const idle = [...this.slots.values()].flatMap((slot) => slot.idle.splice(0));
    await Promise.all(idle.map((c) => closeConnection(c)));
  }

  private slot(key: string): Slot {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { idle: [], open: 0, urgent: [], waiting: [] };
      this.slots.set(key, slot);
    }
    return slot;
  }

  private async acquire(key: string, target: PoolTarget, urgent: boolean): Promise<Connection> {
    if (this.closed) throw new Error('the destination pool is closed');
    const slot = this.slot(key);
    let refused = false;
    for (;;) {
      const idle = slot.idle.pop();
      if (idle) return idle;
      if (slot.open >= this.limits.perDestination || refused) {
        // Handed a connection by release(), or null: one closed, so this waiter may open one.
        const handed = await new Promise<Connection | null>((resolve) => (urgent ? slot.urgent : slot.waiting).push(resolve));
        if (handed) return handed;
      }
      slot.open += 1;
      try {
        return newConnection(await this.open(target));
      } catch (err) {
        slot.open -= 1;
        // The destination is up but will not take another connection now (its max_connections, a
        // role's connection limit, a restart under way), and this process holds others to it:
        // the batch waits for one of those instead of failing. With none held, it fails as before.
        refused = slot.open > 0 && (err as { code?: unknown }).code === 'unavailable';
        if (refused) continue;
        nextWaiter(slot)?.(null);
        throw err;
      }
    }
  }

  private release(key: string, connection: Connection, healthy: boolean): void {
    const slot = this.slot(key);
    if (!healthy || this.closed) {
      slot.open -= 1;
      void closeConnection(connection);
      nextWaiter(slot)?.(null);
      return;
    }
    const waiter = nextWaiter(slot);
    if (waiter) return waiter(connection);
    connection.idleSince = Date.now();
    slot.idle.push(connection);
  }

  private closeIdle(): void {
    const before = Date.now() - this.limits.idleMs;
    for (const [key, slot] of this.slots) {
      const stale = slot.idle.filter((c) => c.idleSince < before);
      if (stale.length === 0) continue;
      slot.idle = slot.idle.filter((c) => c.idleSince >= before);
      slot.open -= stale.length;
      for (const c of stale) void closeConnection(c);
      if (slot.open === 0 && slot.urgent.length + slot.waiting.length === 0) this.slots.delete(key);
    }
  }
}

function nextWaiter(slot: Slot): Waiter | undefined {
  return slot.urgent.shift() ?? slot.waiting.shift();
}

function slotKey(target: PoolTarget): string {
  const secret = createHash('sha256').update(target.destination.connectionSecret).digest('hex').slice(0, 16);
  return `${target.destination.id}:${secret}`;
}

function newConnection(destination: OpenDestination): Connection {
  const writers = new Map<string, Writer>();
  return {
    destination,
    writers,
    idleSince: Date.now(),
    writer(options) {
      const key = `${options.engine}:${options.spec.table}`;
      let writer = writers.get(key);
      if (!writer) {
        writer = createWriter(destination.handle, { ...options, schema: destination.schema });
        writers.set(key, writer);
      }
      return writer;
    },
  };
}

async function closeConnection(connection: Connection): Promise<void> {
  for (const writer of connection.writers.values()) await writer.close().catch(() => undefined);
  await connection.destination.handle.close().catch(() => undefined);
}

/** The pool of a loader process: connections opened as every destination connection is (openDestination). */
export function createDestinationPool(settings: DestinationAccessSettings, secretBox: SecretBox, limits: PoolLimits): DestinationPool {
  return new DestinationPool((target) => openDestination(settings, secretBox, target.environmentId, target.destination), limits);
}
