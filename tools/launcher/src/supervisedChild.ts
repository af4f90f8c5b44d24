import type { ChildSpec, ExitStatus, ManagedChild, ProcessGroup } from './processes';
import { DEFAULT_RESTART_BACKOFF, formatDelay, nextRestartDelay, type RestartBackoff } from './restartBackoff';

export interface SupervisedChildOptions {
  group: ProcessGroup;
  /** Started again as is: same command, port and environment. */
  spec: ChildSpec;
  /** Resolves once the child serves (its /health, a PING); rejects when it exits first. */
  ready: (child: ManagedChild) => Promise<void>;
  log: (message: string) => void;
  /**
   * An exit before the child was first ready: a wrong setting or a port taken would only fail
   * again, and restarting would hide why the system cannot start.
   */
  onExitBeforeReady: (message: string) => void;
  backoff?: RestartBackoff;
  now?: () => number;
}

/**
 * One long-running child of the launcher, restarted with backoff whenever it exits without
 * having been asked to, until stop().
 */
export class SupervisedChild {
  private current?: ManagedChild;
  private startedAt = 0;
  private previousDelayMs?: number;
  private restartTimer?: NodeJS.Timeout;
  private supervising = false;
  private stopped = false;

  constructor(private readonly options: SupervisedChildOptions) {}

  get name(): string {
    return this.options.spec.name;
  }

  /** The process now running (or the last one, while a restart waits). */
  get child(): ManagedChild | undefined {
    return this.current;
  }

  /**
   * First start: resolves when the child is ready, rejects when it exits or never gets there.
   * From then on, an exit nobody asked for means a restart, not the end of the system.
   */
  async start(): Promise<void> {
    await this.options.ready(this.launch());
    this.supervising = true;
  }

  /**
   * No restart from now on, not even of a child that dies while others are being stopped: the
   * system calls this on every child before stopping any, since a shutdown is ordered.
   */
  endSupervision(): void {
    this.stopped = true;
    clearTimeout(this.restartTimer);
  }

  /** The running child gets its stop signal, then SIGKILL after graceMs; no restart after. */
  async stop(graceMs: number): Promise<void> {
    this.endSupervision();
    await this.current?.stop(graceMs);
  }

  private launch(): ManagedChild {
    const child = this.options.group.start(this.options.spec);
    this.current = child;
    this.startedAt = (this.options.now ?? Date.now)();
    void child.exited.then((status) => this.onExit(child, status));
    return child;
  }

  private onExit(child: ManagedChild, status: ExitStatus): void {
    if (child.stopping || this.stopped) return;
    // Whatever it started (postgres backends still attached to shared memory, say) would keep its
    // port or its memory from the next start.
    child.signalGroup('SIGKILL');
    const message = `${this.name} exited unexpectedly (${describeExit(status)})`;
    if (!this.supervising) return this.options.onExitBeforeReady(message);
    const ranForMs = (this.options.now ?? Date.now)() - this.startedAt;
    const delayMs = nextRestartDelay(this.options.backoff ?? DEFAULT_RESTART_BACKOFF, this.previousDelayMs, ranForMs);
    this.previousDelayMs = delayMs;
    this.options.log(`${message}; restarting in ${formatDelay(delayMs)}`);
    this.restartTimer = setTimeout(() => void this.restart(), delayMs);
  }

  private async restart(): Promise<void> {
    if (this.stopped) return;
    let child: ManagedChild;
    try {
      child = this.launch();
    } catch (err) {
      // The group closed: a shutdown began between the timer and now.
      if (!this.stopped) this.options.log(`${this.name} could not be restarted: ${errorMessage(err)}`);
      return;
    }
    try {
      await this.options.ready(child);
      this.options.log(`${this.name} is back (pid ${String(child.pid)})`);
    } catch (err) {
      // An exit is already handled by onExit (next restart, longer wait); anything else is worth a line.
      if (child.running && !this.stopped) this.options.log(`${this.name} restarted but not ready: ${errorMessage(err)}`);
    }
  }
}

export function describeExit(status: ExitStatus): string {
  return status.signal ? `signal ${status.signal}` : `exit code ${String(status.code)}`;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
