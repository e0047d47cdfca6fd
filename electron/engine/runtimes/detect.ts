/**
 * Detection of every runtime on the machine (docs/architecture.md, "How to add a runtime kind").
 *
 * Policy, the same for every kind:
 * - A kind whose CLI is not installed and that left no settings file is omitted: `detect` lists
 *   what is on the machine, not what could be. (Never "not-created": that state is a machine a
 *   runtime knows of but has not built, e.g. a Vagrant machine in state not_created.)
 * - A kind whose settings file exists while its CLI is missing appears with state "unknown", a
 *   reason, and the settings read from the file; for kinds with one folder per instance (Lima's
 *   ~/.lima/<name>/lima.yaml, Colima's ~/.colima/<profile>/colima.yaml) that is one entry per folder.
 * - A hung CLI, a failing CLI or output that cannot be read gives that runtime "unknown" with a
 *   reason ("rdctl list-settings did not answer within 4 s", "... printed output that is not valid
 *   JSON"); when a kind fails as a whole it becomes one entry whose id is the kind ("colima").
 * - Every kind runs in parallel under its own deadline (the per-call timeout + KIND_GRACE_MS), cut to
 *   the detection's one deadline (DETECT_DEADLINE_MS): the whole list is there by then however many
 *   CLIs hang, a kind that has not answered is listed as unknown with the reason, and each CLI call
 *   shortens its time-out to leave time to stop it before that deadline. detectAll never rejects.
 */
import os from 'node:os';
import { readFile, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { PLACES, type RuntimeInfo, type RuntimeState, type SettingSource, type TargetInfo } from '../../contract/contract.js';
import { SpawnError, isOnPath, run, type ExecResult } from '../util/exec.js';
import { RUNTIME_KINDS } from './registry.js';
import { HARD_STOP_GRACE_MS } from './support/cli.js';
import { makeRuntime } from './support/runtime-info.js';
import { seconds } from './support/values.js';
import type { DetectContext, RuntimeKind } from './support/types.js';
import { why, whyEn, withDetail, type Why } from './support/why.js';
import { isMsgRef } from '../../messages/error-text.js';

/** Per-call CLI timeout when none is given: long enough for a slow `vagrant`, short enough that a hang costs little. */
export const DEFAULT_TIMEOUT_MS = 4000;
/**
 * The longest a whole detection may take, with any or every CLI hung: no kind's deadline ends later
 * (Vagrant's 1.5x time-out included), so `vmbench detect` lists everything within about this plus
 * its own start-up (goal: 8 s in all).
 */
export const DETECT_DEADLINE_MS = 6000;
/** How much longer than one call's timeout a kind may take in total (it may make a few calls in a row). */
export const KIND_GRACE_MS = 2000;
/**
 * When a run looks up the targets the user chose, a slow CLI is not a missing target: the lookup lets
 * each call take RUN_LOOKUP_TIMEOUT_MS and the whole lookup RUN_LOOKUP_DEADLINE_MS, and it ends as soon
 * as every chosen target has been found (targets.ts), so it only waits that long for a CLI that is slow.
 */
export const RUN_LOOKUP_TIMEOUT_MS = 15_000;
/** See RUN_LOOKUP_TIMEOUT_MS. */
export const RUN_LOOKUP_DEADLINE_MS = 30_000;
/** Settings files larger than this are not read (they are not settings files). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** Options of createDetectContext. */
export interface DetectContextOptions {
  /** Environment of every CLI call and where HOME comes from (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Per-call CLI timeout (default DEFAULT_TIMEOUT_MS). */
  timeoutMs?: number;
  dataDir: string;
  signal?: AbortSignal;
}

/** Homebrew's folders, where most runtimes' CLIs are installed (limactl, colima, podman, vagrant, virsh). */
const HOMEBREW_DIRS = ['/usr/local/bin', '/opt/homebrew/bin'];

/**
 * Folders the runtimes install their CLIs into, which the PATH of an app started from the macOS
 * Finder lacks (it is only /usr/bin:/bin:/usr/sbin:/sbin): Homebrew, then each kind's own
 * (RuntimeKind.installDirs, in the registry's order), those under the home folder (~/.docker/bin,
 * ~/.rd/bin, ~/.orbstack/bin) before the app bundles.
 */
export function installDirs(home: string, kinds: readonly RuntimeKind[] = RUNTIME_KINDS): string[] {
  const own = kinds.flatMap((k) => k.installDirs?.(home) ?? []);
  const inHome = (d: string): boolean => d.startsWith(join(home, '/'));
  return [...new Set([...HOMEBREW_DIRS, ...own.filter(inHome), ...own.filter((d) => !inHome(d))])];
}

/** The environment with installDirs() appended to PATH (those not already on it). */
export function withInstallDirs(env: NodeJS.ProcessEnv, home: string): NodeJS.ProcessEnv {
  const path = (env.PATH ?? '').split(delimiter).filter(Boolean);
  const extra = installDirs(home).filter((d) => !path.includes(d));
  return extra.length ? { ...env, PATH: [...path, ...extra].join(delimiter) } : env;
}

/**
 * The context detection runs in: HOME and PATH from `env`, every CLI call through exec() with the
 * timeout. Without an explicit `env`, process.env is used and (outside Windows) the runtimes'
 * install folders are appended to its PATH; an explicit `env` is used exactly as given.
 */
export function createDetectContext(opts: DetectContextOptions): DetectContext {
  const base = opts.env ?? process.env;
  const homeDir = base.HOME || base.USERPROFILE || os.homedir();
  const env = opts.env !== undefined || process.platform === 'win32' ? base : withInstallDirs(base, homeDir);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const found = new Map<string, Promise<boolean>>();
  return {
    env,
    home: homeDir,
    timeoutMs,
    signal: opts.signal,
    dataDir: opts.dataDir,
    exec: async (file, args, o = {}) => {
      const callTimeout = o.timeoutMs ?? timeoutMs;
      const callEnv = o.env ?? env;
      // A CLI that is not on PATH is known without starting a process: each start costs the engine a fork.
      if (!(await onPath(file, callEnv.PATH, found))) throw new SpawnError([file, ...args].join(' '), 'not-found', null, '');
      const call = run(file, args, {
        timeoutMs: callTimeout,
        signal: o.signal ?? opts.signal,
        env: callEnv,
        cwd: o.cwd,
        input: o.input,
        allowFailure: o.allowFailure,
      });
      return withHardStop(call, callTimeout + HARD_STOP_GRACE_MS, [file, ...args].join(' '));
    },
    readFile: async (path) => {
      const st = await stat(path);
      if (st.isFile() && st.size > MAX_FILE_BYTES) throw Object.assign(new Error(`${path} is larger than ${MAX_FILE_BYTES} bytes`), { code: 'EFBIG' });
      return readFile(path, 'utf8');
    },
  };
}

/**
 * Whether a command name is on PATH (util/exec's isOnPath), looked up once per name and PATH in a
 * detection: detection asks for a dozen CLIs, most of them absent on a given machine, and every spawn
 * of an absent one still forks the engine's process before it fails.
 */
function onPath(file: string, path: string | undefined, cache: Map<string, Promise<boolean>>): Promise<boolean> {
  const key = `${file}\0${path ?? ''}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = isOnPath(file, path);
    cache.set(key, hit);
  }
  return hit;
}

/** Gives up waiting for a call (as a time-out) once its hard stop has passed. */
function withHardStop(call: Promise<ExecResult>, ms: number, command: string): Promise<ExecResult> {
  let timer: NodeJS.Timeout | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SpawnError(command, 'timeout', null, 'its output stayed open after it was stopped')), ms);
  });
  return Promise.race([call, stop]).finally(() => clearTimeout(timer));
}

/** Options of detectAll. */
export interface DetectAllOptions {
  /** Kinds to run (default: the registry). */
  kinds?: readonly RuntimeKind[];
  /** Longest time one kind may take (default: the context's timeout + KIND_GRACE_MS); never past deadlineMs. */
  kindDeadlineMs?: number;
  /** Longest time the whole detection may take (default DETECT_DEADLINE_MS). */
  deadlineMs?: number;
  /** Told as soon as each kind has answered (or failed), so one hung CLI does not hold the others back. */
  onKind?: (kind: string, runtimes: RuntimeInfo[]) => void;
}

/** Finds every runtime of every kind, all kinds in parallel; a kind that throws, hangs or returns garbage becomes one "unknown" entry with a reason. Never rejects. */
export async function detectAll(ctx: DetectContext, opts: DetectAllOptions = {}): Promise<RuntimeInfo[]> {
  const kinds = opts.kinds ?? RUNTIME_KINDS;
  const until = Date.now() + (opts.deadlineMs ?? DETECT_DEADLINE_MS);
  const lists = await Promise.all(
    kinds.map(async (k) => {
      const kctx = k.timeoutScale ? { ...ctx, timeoutMs: Math.round(ctx.timeoutMs * k.timeoutScale) } : ctx;
      const own = opts.kindDeadlineMs ?? kctx.timeoutMs + KIND_GRACE_MS;
      const found = await detectKind(k, kctx, Math.max(0, Math.min(own, until - Date.now())));
      try {
        opts.onKind?.(k.kind, found);
      } catch {
        // A failing listener must not lose the kind's result.
      }
      return found;
    }),
  );
  return uniqueIds(lists.flat());
}

/** Runs one kind under its own deadline and abort signal, containing every failure. */
async function detectKind(kind: RuntimeKind, ctx: DetectContext, deadlineMs: number): Promise<RuntimeInfo[]> {
  const name = kind.name ?? kind.kind;
  const ac = new AbortController();
  let resolveCancelled: (v: 'cancelled') => void = () => undefined;
  const cancelled = new Promise<'cancelled'>((resolve) => (resolveCancelled = resolve));
  // One listener on the parent signal, removed in finally (a run detects many times on one signal).
  const onParentAbort = (): void => {
    ac.abort();
    resolveCancelled('cancelled');
  };
  if (ctx.signal?.aborted) onParentAbort();
  else ctx.signal?.addEventListener('abort', onParentAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const kctx: DetectContext = { ...ctx, signal: ac.signal, deadline: Date.now() + deadlineMs };
  const outOfTime = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  try {
    const r = await Promise.race([Promise.resolve().then(() => kind.detect(kctx)), outOfTime, cancelled]);
    if (r === 'deadline') return [failed(kind, name, why('kind.deadline', { name, time: seconds(deadlineMs) }))];
    if (r === 'cancelled') return [failed(kind, name, why('kind.cancelled'))];
    if (!Array.isArray(r)) return [failed(kind, name, why('kind.notList', { name }))];
    return r.map((item) => withStart(sanitize(item, kind, name), kind));
  } catch (err) {
    return [
      failed(
        kind,
        name,
        withDetail(why('kind.threw', { name }), err instanceof Error ? (err.stack ?? err.message).split('\n').slice(0, 6).join('\n') : String(err)),
      ),
    ];
  } finally {
    clearTimeout(timer);
    ac.abort();
    ctx.signal?.removeEventListener('abort', onParentAbort);
  }
}

/** A stopped runtime that its CLI can start says how (offered to the user, never run without confirmation). */
function withStart(rt: RuntimeInfo, kind: RuntimeKind): RuntimeInfo {
  if (rt.state !== 'stopped' || !kind.startArgv) return rt;
  try {
    const argv = kind.startArgv(rt);
    if (argv && argv.length > 0) rt.startArgv = argv;
  } catch {
    // No start offered is better than a failed detection.
  }
  return rt;
}

function failed(kind: RuntimeKind, name: string, reason: Why): RuntimeInfo {
  return makeRuntime({ id: kind.kind, kind: kind.kind, name, state: 'unknown', reason });
}

const STATES: RuntimeState[] = ['running', 'stopped', 'not-created', 'unknown'];
const SOURCES: SettingSource[] = ['file', 'cli', 'default', 'guest', 'vagrantfile', 'provider'];

/** Coerces what a kind returned into a well-formed RuntimeInfo; malformed entries become "unknown". */
function sanitize(item: unknown, kind: RuntimeKind, name: string): RuntimeInfo {
  const r = (item ?? {}) as Partial<RuntimeInfo>;
  if (typeof r !== 'object' || typeof r.id !== 'string' || r.id === '') return failed(kind, name, why('kind.noId', { name }));
  const settings = r.settings && typeof r.settings === 'object' && !Array.isArray(r.settings) ? r.settings : {};
  const settingsSource: Record<string, SettingSource> = {};
  for (const [k, v] of Object.entries(r.settingsSource ?? {})) if (SOURCES.includes(v) && k in settings) settingsSource[k] = v;
  const targets: TargetInfo[] = Array.isArray(r.targets)
    ? r.targets
        .filter((t) => t && typeof t.id === 'string' && typeof t.label === 'string')
        .map((t) => ({ id: t.id, label: t.label, places: (Array.isArray(t.places) ? t.places : []).filter((p) => PLACES.includes(p)) }))
    : [];
  const out: RuntimeInfo = {
    id: r.id,
    kind: typeof r.kind === 'string' ? r.kind : kind.kind,
    name: typeof r.name === 'string' && r.name ? r.name : name,
    version: typeof r.version === 'string' ? r.version : null,
    state: STATES.includes(r.state as RuntimeState) ? (r.state as RuntimeState) : 'unknown',
    settings,
    settingsSource,
    targets,
    findings: Array.isArray(r.findings) ? r.findings : [],
  };
  if (typeof r.reason === 'string' && r.reason) {
    out.reason = r.reason;
    const refs = Array.isArray(r.reasonRefs) ? r.reasonRefs.filter(isMsgRef) : [];
    if (refs.length) out.reasonRefs = refs;
    if (typeof r.reasonDetail === 'string' && r.reasonDetail) out.reasonDetail = r.reasonDetail;
  } else if (out.state === 'unknown') {
    const ref = why('kind.noState', { name });
    out.reason = whyEn(ref);
    out.reasonRefs = [ref];
  }
  if (r.active && typeof r.active === 'object') out.active = r.active;
  if (r.probe) out.probe = r.probe;
  return out;
}

function uniqueIds(list: RuntimeInfo[]): RuntimeInfo[] {
  const seen = new Map<string, number>();
  return list.map((r) => {
    const n = (seen.get(r.id) ?? 0) + 1;
    seen.set(r.id, n);
    return n === 1 ? r : { ...r, id: `${r.id}#${n}`, targets: r.targets.map((t) => (t.id === r.id ? { ...t, id: `${r.id}#${n}` } : t)) };
  });
}
