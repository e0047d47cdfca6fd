// Runs a bench script exactly as the engine does (lib.sh + "\n" + <name>.sh on stdin of
// `sh -s -- ARGS`, in its own process group) and collects its events; plus helpers to find a
// real-disk scratch folder and processes still working in a folder.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchEvent } from '../../electron/contract/contract.js';
import { createLineSplitter, parseEvent } from '../../electron/engine/transports/ndjson.js';
import { scriptSource } from '../../electron/engine/transports/bench-scripts.js';

/** Everything a script run produced. */
export interface ScriptRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  events: BenchEvent[];
  /** stdout lines that were not valid events (must stay empty). */
  bad: string[];
  stderr: string;
  /** Milliseconds from the cancel signal (if any) to exit. */
  stopMs: number | null;
}

/** How to run a script. */
export interface RunOptions {
  /** The shell and its options before `-s`: default ['sh'] (dash here). */
  shell?: string[];
  env?: NodeJS.ProcessEnv;
  /** Send this signal to the process group once `when` returns true for an event. */
  cancel?: { signal: NodeJS.Signals; when: (ev: BenchEvent) => boolean; delayMs?: number };
  timeoutMs?: number;
}

/** Runs a bench script through `sh -s` with its source on stdin; resolves when it has exited. */
export function runScript(name: string, args: string[], opts: RunOptions = {}): Promise<ScriptRun> {
  const shell = opts.shell ?? ['sh'];
  const child = spawn(shell[0], [...shell.slice(1), '-s', '--', ...args], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: opts.env ?? process.env,
  });
  const events: BenchEvent[] = [];
  const bad: string[] = [];
  let stderr = '';
  let cancelledAt: number | null = null;
  const fire = (): void => {
    if (cancelledAt !== null || child.pid === undefined) return;
    cancelledAt = Date.now();
    process.kill(-child.pid, opts.cancel!.signal);
  };
  const splitter = createLineSplitter((line) => {
    const r = parseEvent(line);
    if (!r.ok) return void bad.push(line);
    events.push(r.event);
    if (opts.cancel && cancelledAt === null && opts.cancel.when(r.event)) setTimeout(fire, opts.cancel.delayMs ?? 0);
  });
  child.stdout.on('data', (b: Buffer) => splitter.push(b));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  child.stdin.end(scriptSource(name));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      reject(new Error(`${name} did not finish in ${opts.timeoutMs ?? 120_000} ms; stderr: ${stderr.slice(-2000)}`));
    }, opts.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      splitter.end();
      resolve({ code, signal, events, bad, stderr, stopMs: cancelledAt === null ? null : Date.now() - cancelledAt });
    });
  });
}

const MEMORY_FS = new Set([0x01021994 /* tmpfs */, 0x858458f6 /* ramfs */]);

/** A fresh scratch folder on a real disk: under os.tmpdir() unless that is a tmpfs, else under the repo's .vmbench-tmp/. */
export function realDiskDir(prefix: string): string {
  const tmp = tmpdir();
  const base = MEMORY_FS.has(statfsSync(tmp).type) ? join(process.cwd(), '.vmbench-tmp') : tmp;
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, prefix));
}

/** Live (non-zombie) processes whose command line mentions a path: "pid command". */
export function processesMentioning(path: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (!cmd.includes(path) || Number(pid) === process.pid) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state !== 'Z') found.push(`${pid} ${cmd}`);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** Events of one kind, typed. */
export function ofKind<K extends BenchEvent['event']>(events: BenchEvent[], kind: K): Extract<BenchEvent, { event: K }>[] {
  return events.filter((e): e is Extract<BenchEvent, { event: K }> => e.event === kind);
}
