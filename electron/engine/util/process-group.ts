/**
 * The one registry of the processes vmbench starts. Every spawn (a CLI call of util/exec.ts, a bench script
 * on this machine, the local end of a shell-in-VM session, the host's iperf3 server) goes through
 * spawnGroup: it runs in a process group of its own, so a stop reaches what it started too (colima ->
 * limactl, sh -> fio), and stays registered here until it has ended. A stop is SIGTERM to the group, then
 * SIGKILL after the one grace period, STOP_GRACE_MS (a bench script's stop steps keep it too:
 * transports/script-session.ts).
 *
 * Nothing stops such a group when this process ends (the terminal's Ctrl-C reaches only the foreground
 * group), so: stopAllCalls stops every group still registered (the CLI's SIGINT/SIGTERM handler,
 * `vmbench web`'s stop), and at exit every group still registered is killed (a detection's vagrant kept
 * running after `vmbench web` had stopped, and wrote a ~/.vagrant.d into a HOME already removed).
 */
import { execa, type Options, type ResultPromise } from 'execa';

/**
 * The one grace period of every stop vmbench makes: how long a stopped process group has between SIGTERM
 * and SIGKILL, and a bench script between two steps of its stop (script-session.ts, times a slow guest's
 * scale). Long enough for a script's trap to stop fio and remove its work folder. Nothing waits for it
 * to answer a question: detection gives up on a stopped call after its own HARD_STOP_GRACE_MS
 * (runtimes/support/cli.ts) and the kill goes on in the background, registered here.
 */
export const STOP_GRACE_MS = 5000;

/** A process started in a group of its own, registered until it has ended. */
export interface ProcessGroup<R> {
  /** The running process (execa's result promise, with its streams). */
  readonly child: R;
  /** Its pid, which is also the group's id; undefined when it could not be spawned. */
  readonly pid: number | undefined;
  /** Settles once the process has ended and its output pipes are closed; never rejects. */
  readonly ended: Promise<void>;
  /** Whether it has ended. */
  readonly done: boolean;
  /** Whether stop() was called. */
  readonly stopped: boolean;
  /** Sends a signal to the whole group (nothing once it has ended). */
  signal(sig: NodeJS.Signals): void;
  /** SIGTERM to the group, SIGKILL after STOP_GRACE_MS; once it has ended, SIGKILL to what is left of its group. Only the first call counts. */
  stop(): void;
}

/** How a group is registered. */
export interface GroupOptions {
  /** What stopAllCalls does to it (default: stop()); a transport stops its script in the guest first. What is left of the group is killed once it has ended. */
  stopAll?: () => void;
  /** SIGKILL to the group whenever its leader ends, not only after a stop (a bench script's leftovers). */
  reap?: boolean;
}

interface Entry {
  stopAll: () => void;
  ended: Promise<void>;
}

/** The groups still running, by pid (= group id). */
const running = new Map<number, Entry>();
process.on('exit', () => {
  for (const pid of running.keys()) signalGroup(pid, 'SIGKILL');
});

/** Sends a signal to a process group; a group already gone is no error. */
export function signalGroup(pid: number | undefined, sig: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, sig);
  } catch {
    // Already gone.
  }
}

/** Spawns `file args` (an argument array, never a shell string) with execa in a process group of its own, registered until it has ended. */
export function spawnGroup<O extends Options>(file: string, args: readonly string[], options: O, g: GroupOptions = {}): ProcessGroup<ResultPromise<O>> {
  const child = execa(file, args, { ...options, detached: true }) as unknown as ResultPromise<O>;
  const pid = child.pid;
  let done = false;
  let stopped = false;
  let reapAtEnd = g.reap ?? false;
  let killTimer: NodeJS.Timeout | undefined;
  const ended = Promise.resolve(child).then(
    () => undefined,
    () => undefined,
  );
  const group: ProcessGroup<ResultPromise<O>> = {
    child,
    pid,
    ended,
    get done() {
      return done;
    },
    get stopped() {
      return stopped;
    },
    signal(sig) {
      if (!done) signalGroup(pid, sig);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      reapAtEnd = true;
      if (done) return;
      signalGroup(pid, 'SIGTERM');
      killTimer = setTimeout(() => signalGroup(pid, 'SIGKILL'), STOP_GRACE_MS);
      killTimer.unref();
    },
  };
  if (pid !== undefined) {
    const stopAll = (): void => {
      reapAtEnd = true;
      (g.stopAll ?? group.stop)();
    };
    running.set(pid, { stopAll, ended });
    void ended.then(() => {
      done = true;
      running.delete(pid);
      if (killTimer) clearTimeout(killTimer);
      // What a stopped process started may outlive it in its group (a grandchild that closed its output).
      if (reapAtEnd) signalGroup(pid, 'SIGKILL');
    });
  } else {
    done = true;
  }
  return group;
}

/** Stops every process group still registered (each its way: SIGTERM, SIGKILL after STOP_GRACE_MS) and resolves when each has ended. */
export async function stopAllCalls(): Promise<void> {
  const entries = [...running.values()];
  for (const e of entries) e.stopAll();
  await Promise.all(entries.map((e) => e.ended));
}
