import { mkdir } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import type { RuntimeInfo } from '../contract/contract.js';
import type { ResolvedTarget } from './bench/resolved-target.js';
import { engineError, stateRef } from './util/errors.js';
import { reasonParam } from '../messages/error-text.js';
import { createDetectContext, detectAll, RUN_LOOKUP_DEADLINE_MS, RUN_LOOKUP_TIMEOUT_MS } from './runtimes/detect.js';
import { findKind } from './runtimes/registry.js';
import { LocalTransport } from './transports/local/index.js';

/** The folder the host's own tests write into (on the user's disk, not a tmpfs). */
export function scratchDir(dataDir: string): string {
  return join(dataDir, 'scratch');
}

/** The host itself, always available. */
export async function localTarget(dataDir: string): Promise<ResolvedTarget> {
  const dir = scratchDir(dataDir);
  await mkdir(dir, { recursive: true });
  return {
    id: 'local',
    runtime: 'local',
    label: 'This machine',
    settings: { cpus: cpus().length, memoryMiB: Math.round(totalmem() / 1048576) },
    transport: new LocalTransport(dir),
  };
}

/**
 * Detects until every id in `wanted` is found (then the kinds still running are stopped), or every
 * kind has answered, with the run's patient time-outs (RUN_LOOKUP_*): a busy machine where
 * `vagrant global-status` takes 10 s still finds the Vagrant machine the user chose.
 */
async function lookUp(wanted: string[], dataDir: string, signal: AbortSignal): Promise<RuntimeInfo[]> {
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const found: RuntimeInfo[] = [];
  const missing = new Set(wanted);
  let allFound: () => void = () => {};
  const early = new Promise<void>((resolve) => (allFound = resolve));
  const ctx = createDetectContext({ dataDir, signal: stop.signal, timeoutMs: RUN_LOOKUP_TIMEOUT_MS });
  const all = detectAll(ctx, {
    deadlineMs: RUN_LOOKUP_DEADLINE_MS,
    onKind: (_kind, runtimes) => {
      found.push(...runtimes);
      for (const rt of runtimes) for (const t of rt.targets) missing.delete(t.id);
      if (missing.size === 0) allFound();
    },
  });
  try {
    return await Promise.race([all, early.then(() => found)]);
  } finally {
    signal.removeEventListener('abort', onAbort);
    stop.abort();
    void all.catch(() => {});
  }
}

/** Turns target ids into transports; an unknown or not-yet-runnable target is a clear error. */
export async function resolveTargets(ids: string[], dataDir: string, signal: AbortSignal): Promise<ResolvedTarget[]> {
  const out: ResolvedTarget[] = [];
  const others = [...new Set(ids)].filter((id) => id !== 'local');
  const detected = others.length > 0 ? await lookUp(others, dataDir, signal) : [];
  for (const id of [...new Set(ids)]) {
    if (id === 'local') {
      out.push(await localTarget(dataDir));
      continue;
    }
    const ctx = createDetectContext({ dataDir, signal });
    const rt = detected.find((r) => r.targets.some((t) => t.id === id));
    if (!rt) throw engineError('not-found', 'errors.targetNotFound', { id });
    if (rt.state !== 'running') {
      const state = stateRef(rt.state);
      throw rt.reason
        ? engineError('invalid-input', 'errors.targetNotRunningWhy', { name: rt.name, state, reason: reasonParam(rt) ?? rt.reason })
        : engineError('invalid-input', 'errors.targetNotRunning', { name: rt.name, state });
    }
    const transport = findKind(rt.kind)?.transport?.(rt, id, ctx);
    if (!transport) throw engineError('invalid-input', 'errors.targetUnsupported', { name: rt.name });
    const target = rt.targets.find((t) => t.id === id)!;
    out.push({ id, runtime: rt.id, label: target.label, settings: rt.settings, transport });
  }
  return out;
}
