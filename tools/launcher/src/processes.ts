import { spawn } from 'node:child_process';
import readline from 'node:readline';
import type { Readable } from 'node:stream';

export interface ChildSpec {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  uid?: number;
  gid?: number;
  /** How this program asks to stop cleanly (postgres: SIGINT is its fast shutdown). */
  stopSignal?: NodeJS.Signals;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export type LineWriter = (name: string, line: string) => void;

/** `name | line` on stdout, one whole line at a time so children never interleave mid-line. */
export const prefixedStdout: LineWriter = (name, line) => {
  process.stdout.write(`${name.padEnd(18)}| ${line}\n`);
};

export class ManagedChild {
  running = true;
  stopping = false;
  readonly exited: Promise<ExitStatus>;

  constructor(
    readonly spec: ChildSpec,
    /** Undefined when the program could not be started at all. */
    readonly pid: number | undefined,
    exited: Promise<ExitStatus>,
  ) {
    this.exited = exited.then((status) => {
      this.running = false;
      return status;
    });
  }

  /**
   * stopSignal, then SIGKILL after graceMs. The signal goes to the child's whole process group,
   * so whatever it started (postgres backends, say) goes with it and no port stays bound.
   */
  async stop(graceMs: number): Promise<ExitStatus> {
    this.stopping = true;
    if (this.running) this.signalGroup(this.spec.stopSignal ?? 'SIGTERM');
    const timer = setTimeout(() => this.signalGroup('SIGKILL'), graceMs);
    const status = await this.exited;
    clearTimeout(timer);
    this.signalGroup('SIGKILL');
    return status;
  }

  signalGroup(signal: NodeJS.Signals): void {
    // Never kill(-undefined) or kill(-0): those would hit the launcher's own group.
    if (this.pid === undefined || this.pid <= 0) return;
    try {
      process.kill(-this.pid, signal);
    } catch {
      // ESRCH: the group is already gone, which is what we want.
    }
  }
}

/** Starts children with prefixed output and stops them for sure. */
export class ProcessGroup {
  private readonly children: ManagedChild[] = [];
  private closed = false;

  constructor(
    private readonly write: LineWriter = prefixedStdout,
    private readonly onUnexpectedExit: (child: ManagedChild, status: ExitStatus) => void = () => undefined,
  ) {
    // Last resort when the launcher dies without its shutdown path (an exception, process.exit):
    // children live in their own process groups, so nothing else would stop them.
    process.on('exit', () => {
      for (const child of this.children) if (child.running) child.signalGroup('SIGKILL');
    });
  }

  start(spec: ChildSpec): ManagedChild {
    // A start racing a shutdown must not leave a child behind the final stop.
    if (this.closed) throw new Error(`not starting ${spec.name}: shutting down`);
    // detached: a process group of its own, so a terminal's Ctrl-C reaches only the launcher,
    // which then stops the services before the databases they are still draining into.
    const proc = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      uid: spec.uid,
      gid: spec.gid,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<ExitStatus>((resolve) => {
      proc.once('error', (err) => {
        this.write(spec.name, `could not start ${spec.command}: ${err.message}`);
        resolve({ code: 127, signal: null });
      });
      proc.once('close', (code, signal) => resolve({ code, signal }));
    });
    const child = new ManagedChild(spec, proc.pid, exited);
    this.pipeLines(spec.name, proc.stdout);
    this.pipeLines(spec.name, proc.stderr);
    this.children.push(child);
    void child.exited.then((status) => {
      // Forgotten once gone, so a later stop never signals a process group whose id was reused.
      this.children.splice(this.children.indexOf(child), 1);
      if (!child.stopping) this.onUnexpectedExit(child, status);
    });
    return child;
  }

  /** A one-shot command (migrations): its output prefixed, resolved with its exit status. */
  async run(spec: ChildSpec): Promise<ExitStatus> {
    const child = this.start(spec);
    child.stopping = true;
    return child.exited;
  }

  /** No more starts from now on. */
  close(): void {
    this.closed = true;
  }

  /** The children still running. */
  list(): readonly ManagedChild[] {
    return [...this.children];
  }

  /** Stops the given children in parallel (all of this group's when omitted). */
  async stop(children: readonly ManagedChild[] = this.list(), graceMs = 10_000): Promise<void> {
    await Promise.all(children.map((child) => child.stop(graceMs)));
  }

  private pipeLines(name: string, stream: Readable | null): void {
    if (!stream) return;
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => this.write(name, line));
  }
}
