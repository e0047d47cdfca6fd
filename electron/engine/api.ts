import { randomUUID } from 'node:crypto';
import { arch, platform } from 'node:os';
import type { Channel, DetectResult, Envelope, ErrorCode, Finding, JobEvent, MsgRef, RequestMap, RuntimeInfo } from '../contract/contract.js';
import { withEnglish } from '../messages/message-english.js';
import { adviseRuntime } from './advisor/index.js';
import { checkStillSame, PlanBook, type HeldPlan, type HeldRestart } from './advisor/plan-book.js';
import { rankFindings } from './advisor/rank.js';
import { applyFinding, planApply } from './advisor/apply/index.js';
import { rerunFor } from './advisor/affected.js';
import { argError } from './arg-errors.js';
import { argSchemas, isChannel } from './api-schemas.js';
import { executeRun } from './bench/runner.js';
import { checkProject, projectPlaces, projectUnseen, projectUploadOnly, resolvePlaces } from './bench/command-step.js';
import { estimateFor } from './bench/run-estimate.js';
import { compareRuns } from './compare.js';
import { EngineError, engineError, stateRef } from './util/errors.js';
import { JobManager } from './util/jobs.js';
import { appVersion, defaultDataDir } from './util/paths.js';
import { confirmFromGuests } from './confirm.js';
import { readDetectCache, saveDetectCache } from './detect-cache.js';
import { probeLocal } from './probe-local.js';
import { cardFilename, exportComparison, exportRun, projectsOf, renderCardPng } from './report/index.js';
import { DETECT_DEADLINE_MS, createDetectContext, detectAll } from './runtimes/detect.js';
import { findKind } from './runtimes/registry.js';
import { acquireRunLock, checkDataDir } from './store/data-dir.js';
import { RunStore } from './store/run-store.js';
import { importRuns } from './store/import-runs.js';
import { teamTable } from './team.js';
import { teamToCsv, teamToMarkdown } from './report/team-export.js';
import { run } from './util/exec.js';
import { resolveTargets, scratchDir } from './targets.js';
import { sweepLeftovers, sweptMessage } from './store/leftovers.js';
import { recordWritesOutside, sweepRecordedWrites, sweepStaleTempsUnder } from './util/atomic-write.js';

/** The engine as every face (Electron main, `vmbench web`, CLI) uses it. */
export interface Engine {
  /** Validates args and runs the handler; never throws. */
  dispatch(channel: string, args: unknown[]): Promise<Envelope<unknown>>;
  /** Job events; with replay, first delivers the buffered events of active jobs. */
  subscribe(cb: (ev: JobEvent) => void, opts?: { replay?: boolean }): () => void;
  /** Waits until a job has finished (used by the CLI). */
  waitForJob(jobId: string): Promise<void>;
  /** Cancels active jobs and waits for their cleanup. */
  close(): Promise<void>;
  /** Starts a detection now, so the page's first ask joins it instead of starting one (its kinds are replayed to the page's event socket). */
  prefetchDetect(): void;
  /** A plan or restart handed out and not yet used (for the Electron main process's own confirmation dialog); throws when unknown. */
  heldPlan(planId: string): HeldPlan;
  heldRestart(planId: string): HeldRestart;
  readonly dataDir: string;
  /** The start's clean-up of leftover temp files; a face that exits soon after (the CLI) waits for it. */
  readonly housekeeping: Promise<void>;
}

type Handlers = { [C in Channel]: (...args: RequestMap[C]['args']) => Promise<RequestMap[C]['result']> };

/** Creates the engine over a data directory. */
export function createEngine(opts: { dataDir?: string; mode: 'electron' | 'web' | 'cli' }): Engine {
  const dataDir = opts.dataDir ?? defaultDataDir();
  // Temp files a killed write left go at start, never a live writer's: in vmbench's own folders (runs,
  // backups, caches) and in the folders outside it that a killed vmbench recorded writing into (an export's).
  recordWritesOutside(dataDir);
  const housekeeping = Promise.all([sweepStaleTempsUnder(dataDir), sweepRecordedWrites()]).then(
    () => undefined,
    () => undefined,
  );
  const store = new RunStore(dataDir);
  const plans = new PlanBook();
  const jobs = new JobManager();
  // "That's enough" of each running benchmark job: aborted, the job stops after its headlines (runner.ts).
  const enough = new Map<string, AbortController>();

  /** How long starting a runtime may take (a VM boot; TCG guests are slow). */
  const START_TIMEOUT_MS = 600_000;
  const detect = async (): Promise<DetectResult> => {
    const started = Date.now();
    const ctx = createDetectContext({ dataDir });
    // Each kind is shown as it answers: a hung CLI holds back only its own kind.
    const streamId = `detect:${randomUUID()}`;
    let seq = 0;
    const onKind = (kind: string, found: RuntimeInfo[]): void => jobs.publish({ jobId: streamId, seq: ++seq, type: 'detect-kind', kind, runtimes: found });
    const [runtimes, probe] = await Promise.all([detectAll(ctx, { onKind }), probeLocal(dataDir, DETECT_DEADLINE_MS)]).finally(() => jobs.endStream(streamId));
    await confirmFromGuests(runtimes, ctx);
    const local = runtimes.find((r) => r.id === 'local');
    if (local && probe) local.probe = probe;
    const history = await store.list().then(
      (l) => l.full,
      () => [],
    );
    for (const rt of runtimes) rt.findings = adviseRuntime(rt, history);
    // One ranking across runtimes: each finding carries its place in it (What to change, `vmbench advise`).
    const ranked = new Map(rankFindings(runtimes.flatMap((rt) => rt.findings)).map((f) => [f.id, f]));
    for (const rt of runtimes) rt.findings = rt.findings.map((f) => ranked.get(f.id) ?? f).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
    const result = { runtimes, durationMs: Date.now() - started };
    await saveDetectCache(dataDir, result).catch(() => undefined); // a read-only data folder only loses the cache
    return result;
  };
  // The page's ask joins a detection already under way (the one `vmbench web` and the app start as they open).
  let inFlight: Promise<DetectResult> | undefined;
  const sharedDetect = (): Promise<DetectResult> => (inFlight ??= detect().finally(() => (inFlight = undefined)));
  // Apply always re-detects: the finding and the runtime's state are read fresh, never trusted from the caller.
  const findFinding = async (id: string): Promise<{ finding: Finding; rt: RuntimeInfo }> => {
    for (const rt of (await detect()).runtimes) {
      const finding = rt.findings.find((f) => f.id === id);
      if (finding) return { finding, rt };
    }
    throw engineError('not-found', 'errors.findingNotFound', { id });
  };

  const handlers: Handlers = {
    'app.info': async () => ({
      version: appVersion(),
      mode: opts.mode === 'electron' ? 'electron' : 'web',
      platform: `${platform()} ${arch()}`,
      activeJobs: jobs.activeIds(),
    }),
    detect: sharedDetect,
    'detect.cached': () => readDetectCache(dataDir),
    'run.start': async (spec) => {
      await checkDataDir(dataDir);
      if (spec.command) await checkProject(spec.command.project);
      const release = await acquireRunLock(dataDir);
      try {
        const stop = new AbortController();
        const jobId = jobs.start(async (id, emit, signal) => {
          enough.set(id, stop);
          try {
            // With the lock held: what a killed run left in scratch goes now, before it fills the disk twice.
            const swept = sweptMessage(await sweepLeftovers(scratchDir(dataDir)));
            if (swept) emit({ type: 'log', level: 'info', ...withEnglish(swept) });
            await executeRun(spec, emit, signal, {
              store,
              appVersion: appVersion(),
              resolveTargets: (ids, s) => resolveTargets(ids, dataDir, s),
              enough: stop.signal,
            });
          } finally {
            enough.delete(id);
            await release();
          }
        });
        return { jobId };
      } catch (err) {
        await release();
        throw err;
      }
    },
    'run.cancel': async (jobId) => ({ cancelled: await jobs.cancel(jobId) }),
    'run.enough': async (jobId) => {
      const stop = enough.get(jobId);
      stop?.abort();
      return { accepted: Boolean(stop) };
    },
    // The plan shown before a run: this machine's past runs of the same steps, else the plan (an unreadable history is no history).
    'run.estimate': async (req) =>
      estimateFor(
        req,
        await store.list().then(
          (l) => l.full,
          () => [],
        ),
      ),
    // The command form's check before a run: the same rule the run leaves a target out by, or measures its guest disk only in an
    // uploaded copy (command-step.ts). Transports are only made, never set up, so nothing runs in a target; a target that cannot
    // be resolved now (stopped, gone) gives no answer.
    'command.reach': async (req) => {
      const signal = new AbortController().signal;
      const targets = await resolveTargets(req.targets, dataDir, signal).catch(() => []);
      await resolvePlaces(targets, signal);
      return {
        targets: targets.map((t) => {
          const leftOut = projectUnseen(t, req.project);
          const guestOnly = projectUploadOnly(t, req.project);
          return { id: t.id, places: projectPlaces(t.transport, req.project), ...(leftOut ? { leftOut } : {}), ...(guestOnly ? { guestOnly } : {}) };
        }),
      };
    },
    'runs.list': async () => {
      const { runs, warnings, skipped } = await store.list();
      return skipped ? { runs, warnings, skipped } : { runs, warnings };
    },
    'runs.get': (id) => store.get(id),
    'runs.annotate': (id, annotation) => store.annotate(id, annotation),
    'runs.delete': async (id) => {
      await store.remove(id);
      return { deleted: true };
    },
    'runs.compare': async (a, b) => compareRuns(await store.get(a), await store.get(b)),
    'runs.import': (files, o) => importRuns(store, files, o),
    'runs.team': async (ids) => teamTable(await Promise.all(ids.map((id) => store.get(id)))),
    'runs.teamExport': async (ids, format, lang) => {
      const table = teamTable(await Promise.all(ids.map((id) => store.get(id))));
      return format === 'md'
        ? { filename: 'vmbench-team.md', mime: 'text/markdown; charset=utf-8', content: teamToMarkdown(table, undefined, lang) }
        : { filename: 'vmbench-team.csv', mime: 'text/csv; charset=utf-8', content: teamToCsv(table) };
    },
    // The data folder is replaced too (by <work>) where it is outside the home folder; the run's own test folders always are.
    'runs.export': async (id, format, lang) => exportRun(await store.get(id), format, { dirs: [dataDir] }, lang),
    // A comparison keeps no project folder of its own: both runs' go in (their commands may name them).
    'runs.exportCompare': async (a, b, format, lang) => {
      const [ra, rb] = [await store.get(a), await store.get(b)];
      return exportComparison(compareRuns(ra, rb), format, { dirs: [dataDir], projects: projectsOf(ra, rb) }, lang);
    },
    'card.render': async (req) => {
      const run = await store.get(req.runId);
      const before = req.compareTo ? await store.get(req.compareTo) : undefined;
      const compare = before ? compareRuns(before, run) : undefined;
      const png = renderCardPng(run, { compare, lang: req.lang, redact: { dirs: [dataDir], projects: projectsOf(run, ...(before ? [before] : [])) } });
      return { filename: cardFilename(run), pngBase64: png.toString('base64'), width: 1200, height: 630 };
    },
    'advice.plan': async (id) => {
      const { finding, rt } = await findFinding(id);
      return plans.issue(await planApply(finding, rt, { dataDir }));
    },
    'runtime.restart': async (planId) => {
      // Only a restart an apply offered, once: its id names the runtime; nothing else can be restarted from here.
      const { runtimeId: id } = plans.takeRestart(planId);
      const ctx = createDetectContext({ dataDir });
      const rt = (await detectAll(ctx)).find((r) => r.id === id);
      if (!rt) throw engineError('not-found', 'errors.runtimeNotFound', { id });
      const kind = findKind(rt.kind);
      if (!kind?.restart && !kind?.restartArgv) throw engineError('invalid-input', 'errors.cannotRestart', { name: rt.name });
      await failsAs('errors.restartFailed', rt.name, async () => {
        if (kind.restart) await kind.restart(rt, ctx);
        else if (kind.restartArgv) for (const [file, ...args] of kind.restartArgv(rt)) await run(file, args, { timeoutMs: 300_000, env: ctx.env });
      });
      return { restarted: true };
    },
    'runtime.start': async (id) => {
      // Read fresh: only a runtime that is stopped now, and whose own CLI can start it, is started.
      const ctx = createDetectContext({ dataDir });
      const rt = (await detectAll(ctx)).find((r) => r.id === id);
      if (!rt) throw engineError('not-found', 'errors.runtimeNotFound', { id });
      if (rt.state !== 'stopped') throw engineError('invalid-input', 'errors.notStopped', { name: rt.name, state: stateRef(rt.state) });
      const kind = findKind(rt.kind);
      const argv = rt.startArgv;
      if (!argv || !kind) throw engineError('invalid-input', 'errors.cannotStart', { name: rt.name });
      await failsAs('errors.startFailed', rt.name, async () => {
        if (kind.start) await kind.start(rt, ctx);
        else await run(argv[0], argv.slice(1), { timeoutMs: START_TIMEOUT_MS, env: ctx.env });
      });
      return { started: true };
    },
    'advice.apply': async (planId) => {
      // Exactly the plan the user confirmed: derived again now, it must come from the same file or XML and make the same change.
      const held = plans.take(planId);
      const { finding, rt } = await findFinding(held.plan.findingId);
      checkStillSame(held, await planApply(finding, rt, { dataDir }));
      const result = await applyFinding(finding, rt, { dataDir, expectSourceHash: held.plan.sourceHash, backupDir: held.plan.backupDir });
      const restart = result.restart && result.ok ? { ...result.restart, planId: plans.issueRestart(rt.id, result.restart.argv) } : result.restart;
      // Verify: the tests this setting moves, on this machine and the runtime, for a before/after compare.
      return result.ok && !result.steps ? { ...result, restart, rerun: rerunFor(rt, finding.setting) } : { ...result, restart };
    },
  };

  return {
    dataDir,
    async dispatch(channel, args) {
      if (!isChannel(channel)) {
        const unknown = engineError('invalid-input', 'errors.unknownRequest', { channel: String(channel).slice(0, 60) });
        return fail(unknown.code, unknown.message, unknown.ref);
      }
      const parsed = argSchemas[channel].safeParse(args);
      if (!parsed.success) {
        const err = argError(channel, args, parsed.error);
        return fail(err.code, err.message, err.ref);
      }
      try {
        const handler = handlers[channel] as (...a: unknown[]) => Promise<unknown>;
        return { ok: true, value: await handler(...(parsed.data as unknown[])) };
      } catch (err) {
        if (err instanceof EngineError) return fail(err.code, err.message, err.ref);
        return fail('internal', (err as Error).message || String(err));
      }
    },
    subscribe: (cb, o) => jobs.subscribe(cb, o),
    waitForJob: (id) => jobs.wait(id),
    close: () => Promise.all([jobs.close(), housekeeping]).then(() => undefined),
    housekeeping,
    prefetchDetect: () => void sharedDetect().catch(() => undefined),
    heldPlan: (id) => plans.peek(id),
    heldRestart: (id) => plans.peekRestart(id),
  };
}

/** Runs a start or restart; a failure keeps its code and becomes "<name> could not be started/restarted: <why>" (an EngineError's own message is kept as it is). */
async function failsAs(key: 'errors.startFailed' | 'errors.restartFailed', name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (err instanceof EngineError && err.ref) throw err;
    const detail = (err as Error)?.message || String(err);
    throw engineError(err instanceof EngineError ? err.code : 'internal', key, { name, detail });
  }
}

function fail(code: ErrorCode, message: string, ref?: MsgRef): Envelope<never> {
  return { ok: false, error: ref ? { code, message, ref } : { code, message } };
}
