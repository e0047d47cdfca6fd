/**
 * One bench script's run in a place, the same for every transport (local, docker, shell-in-VM, libvirt):
 * its stdout split into lines and parsed as NDJSON events (docs/bench-protocol.md; a line that is not an
 * event goes to the log as stderr does), its time-out, its cancel, and its stop. A transport starts the
 * script its own way, feeds the session its output, says how to stop the script (the steps, in order:
 * SIGTERM, SIGKILL, then what is left to it) and tells the session when the script has ended.
 *
 * A stop runs the first step, gives the script the one grace period (STOP_GRACE_MS of
 * util/process-group.ts, times the transport's scale for a slow guest) to end, then the next step, and so
 * on; it ends as soon as the script has ended. The grace is the bench script's own clean-up after SIGTERM
 * (its trap stops fio and removes its work folder), the same script in every place; the local process
 * groups a transport starts are registered with util/process-group.ts, which stops them with the same grace.
 */
import type { BenchEvent } from '../../contract/contract.js';
import { STOP_GRACE_MS } from '../util/process-group.js';
import { createLineSplitter, parseEvent, type LineSplitter } from './ndjson.js';
import type { RunOutcome, ScriptPayload, TransportRunOptions } from './types.js';

/** How a transport runs one script in a session. */
export interface SessionOptions {
  script: ScriptPayload;
  run: TransportRunOptions;
  /** The script's time-out: the run's, scaled for a slow guest. */
  timeoutMs: number;
  /** Where the script runs, ending the time-out message (" in the lima VM"); default none. */
  where?: string;
  /** The steps that stop the script, in order (SIGTERM, SIGKILL, a last resort); a step never throws. */
  stopSteps: (() => unknown)[];
  /** Multiplies the grace between two stop steps (a guest under pure emulation); default 1. */
  graceScale?: number;
}

/** One script's output, time-out, cancel and stop; see the file's comment. */
export class ScriptSession {
  /** The run was cancelled (its abort signal). */
  cancelled = false;
  /** The script ran out of time. */
  timedOut = false;
  /** The script said "end" on its stdout. */
  sawEnd = false;
  /** Splits and parses the script's stdout: push every chunk as it arrives. */
  readonly stdout: LineSplitter;
  /** Splits the script's stderr into log lines: push every chunk as it arrives. */
  readonly stderr: LineSplitter;
  private stopping?: Promise<void>;
  private finished = false;
  private markEnded: () => void = () => undefined;
  private readonly ended = new Promise<void>((resolve) => (this.markEnded = resolve));
  private readonly timer: NodeJS.Timeout;
  private readonly onAbort = (): void => {
    this.cancelled = true;
    void this.stop();
  };

  constructor(private readonly o: SessionOptions) {
    const { run, script } = o;
    this.stdout = createLineSplitter((line) => {
      const parsed = parseEvent(line);
      if (!parsed.ok) return void run.onStderr?.(line);
      if (parsed.event.event === 'end') this.sawEnd = true;
      run.onEvent(parsed.event as BenchEvent);
    });
    this.stderr = createLineSplitter((line) => run.onStderr?.(line));
    if (run.signal.aborted) this.onAbort();
    else run.signal.addEventListener('abort', this.onAbort, { once: true });
    this.timer = setTimeout(() => {
      this.timedOut = true;
      run.onStderr?.(`${script.name} did not finish within ${Math.round(o.timeoutMs / 1000)} s; stopping it${o.where ?? ''}`);
      void this.stop();
    }, o.timeoutMs);
  }

  /** Whether a stop was asked for (cancel, time-out or stop()). */
  get stopRequested(): boolean {
    return this.stopping !== undefined;
  }

  /** Stops the script: each stop step in turn, each after the previous had the grace period to end it; resolves when done (only the first call starts it). */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      const grace = STOP_GRACE_MS * (this.o.graceScale ?? 1);
      for (const step of this.o.stopSteps) {
        if (this.finished) return;
        await step();
        if (await this.endedWithin(grace)) return;
      }
    })();
    return this.stopping;
  }

  /**
   * The script has ended (the transport saw it exit and read the last of its output): no more time-out or
   * cancel, the last lines are delivered, and a stop in progress is waited for.
   */
  async finish(): Promise<void> {
    this.finished = true;
    this.markEnded();
    clearTimeout(this.timer);
    this.o.run.signal.removeEventListener('abort', this.onAbort);
    this.stdout.end();
    this.stderr.end();
    await this.stopping;
  }

  /** The outcome with this exit code. */
  outcome(exitCode: number | null): RunOutcome {
    return { exitCode, cancelled: this.cancelled, timedOut: this.timedOut };
  }

  private endedWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    return Promise.race([this.ended.then(() => true), late]).finally(() => clearTimeout(timer));
  }
}
