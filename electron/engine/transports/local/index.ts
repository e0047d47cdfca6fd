import { readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import type { Place } from '../../../shared/contract.js';
import { createLineSplitter, parseEvent } from '../../bench/ndjson.js';
import type { HostAddress, ScriptPayload, Transport, TransportRunOptions } from '../types.js';

/** Grace between SIGTERM (the script's trap removes its files) and SIGKILL. */
const KILL_GRACE_MS = 5000;

/** Runs bench scripts on the host itself with /bin/sh, in their own process group. */
export class LocalTransport implements Transport {
  constructor(private readonly scratchDir: string) {}

  places(): Place[] {
    return ['native'];
  }

  placeDir(): string {
    return this.scratchDir;
  }

  /** The scripts run on the host: their folder is the host's own. */
  hostPath(): string {
    return this.scratchDir;
  }

  /** The project is this machine's own folder; its scratch copy goes beside it, on the same mount. */
  projectIn(place: Place, project: string): { source: string; dir: string } | undefined {
    return place === 'native' ? { source: project, dir: dirname(project) } : undefined;
  }

  /** The scripts run on the host itself: its loopback is 127.0.0.1. */
  hostAddress(): HostAddress {
    return { address: '127.0.0.1', path: "this machine's own loopback (127.0.0.1), the native baseline" };
  }

  async run(script: ScriptPayload, opts: TransportRunOptions): Promise<{ exitCode: number | null; cancelled: boolean; timedOut: boolean }> {
    // The folder the script makes its work folder in: its --dir (the command test's is beside the project), else the scratch folder.
    const at = script.args.indexOf('--dir');
    const workIn = at >= 0 && script.args[at + 1] ? script.args[at + 1] : this.scratchDir;
    const before = await listWorkDirs(workIn);
    // detached: the script leads its own process group, so a cancel reaches fio and every other child.
    const child = execa('sh', ['-s', '--', ...script.args], {
      detached: true,
      input: script.source,
      buffer: false,
      reject: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { LC_ALL: 'C' },
    });
    const splitOut = createLineSplitter((line) => {
      const parsed = parseEvent(line);
      if (parsed.ok) opts.onEvent(parsed.event);
      else if (line.trim()) opts.onStderr?.(line);
    });
    const splitErr = createLineSplitter((line) => opts.onStderr?.(line));
    child.stdout?.on('data', (chunk: Buffer) => splitOut.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => splitErr.push(chunk));

    let cancelled = false;
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (): void => {
      if (child.pid === undefined || child.exitCode !== null) return;
      signalGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => child.pid !== undefined && signalGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
    };
    const onAbort = (): void => {
      cancelled = true;
      stop();
    };
    if (opts.signal.aborted) onAbort();
    else opts.signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      opts.onStderr?.(`${script.name} did not finish within ${Math.round(opts.timeoutMs / 1000)} s; stopping it`);
      stop();
    }, opts.timeoutMs);

    const result = await child;
    clearTimeout(timer);
    if (killTimer) clearTimeout(killTimer);
    opts.signal.removeEventListener('abort', onAbort);
    splitOut.end();
    splitErr.end();
    // Reap anything the script left behind in its group (it should have killed its children itself).
    if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    // Safety net: if the script could not clean up (killed hard), remove the work dirs it created.
    for (const name of await listWorkDirs(workIn)) {
      if (!before.has(name)) await rm(join(workIn, name), { recursive: true, force: true });
    }
    return { exitCode: result.exitCode ?? null, cancelled, timedOut };
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

async function listWorkDirs(dir: string): Promise<Set<string>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return new Set(names.filter((n) => n.startsWith('.vmbench-')));
}
