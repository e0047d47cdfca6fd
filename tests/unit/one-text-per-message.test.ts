// One text per message: a message the engine makes is written once, as a reference into the
// catalogues; the English field the contract keeps beside it (message, reason, notes, why, a finding's
// evidence) is derived from the en catalogue by electron/messages/message-english.ts alone. This reads every
// source file of electron/ and src/ for an English literal written beside a reference and for a second
// place that derives English from a reference, then runs the producers and checks each derived field.
import { mkdtemp, rm } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { BenchEvent, JobEvent, MsgRef, RuntimeInfo, TestId } from '../../electron/contract/contract.js';
import { requestHandler, type Dispatcher } from '../../electron/desktop/ipc.js';
import { planApply } from '../../electron/engine/advisor/apply/index.js';
import { settleWarning } from '../../electron/engine/bench/settle.js';
import { executeRun } from '../../electron/engine/bench/runner.js';
import type { ResolvedTarget } from '../../electron/engine/bench/resolved-target.js';
import { StepCollector } from '../../electron/engine/bench/step-collector.js';
import { parseEvent } from '../../electron/engine/transports/ndjson.js';
import { engineError } from '../../electron/engine/util/errors.js';
import { makeRuntime } from '../../electron/engine/runtimes/support/runtime-info.js';
import { why } from '../../electron/engine/runtimes/support/why.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { errorText, joinedRef } from '../../electron/messages/error-text.js';
import { translator } from '../../electron/messages/i18n.js';
import { createProgressPrinter } from '../../electron/cli/progress.js';
import { localTarget } from '../../electron/engine/targets.js';
import { DockerTransport } from '../../electron/engine/transports/docker/index.js';
import { DockerTransportError, parseEndpoint } from '../../electron/engine/transports/docker/client.js';

const ROOT = join(import.meta.dirname, '../..');
const DERIVER = 'electron/messages/message-english.ts';
/** Fields that carry a message as a reference, and the English fields written beside them. */
const REF_FIELDS = new Set(['ref', 'messageRef', 'whyRef', 'reasonRefs', 'noteRefs']);
const TEXT_FIELDS = new Set(['message', 'why', 'reason', 'notes']);
/** The functions that render a reference; called with 'en' they derive an English field. */
const RENDERERS = new Set(['renderError', 'renderMsg', 'renderParts', 'errorText', 'reasonText', 'planNotes', 'restartWhy', 'findingText']);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const FILES = ['electron', 'src'].flatMap(sources).map((file) => ({
  file,
  sf: ts.createSourceFile(
    file,
    readFileSync(join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  ),
}));

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((c) => walk(c, visit));
}

const propName = (p: ts.ObjectLiteralElementLike): string | undefined =>
  p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
/** Text written out in the source: a string or template literal, or one chosen, joined or listed. */
const isWrittenText = (e: ts.Expression): boolean =>
  ts.isStringLiteral(e) ||
  ts.isNoSubstitutionTemplateLiteral(e) ||
  ts.isTemplateExpression(e) ||
  (ts.isParenthesizedExpression(e) && isWrittenText(e.expression)) ||
  (ts.isConditionalExpression(e) && (isWrittenText(e.whenTrue) || isWrittenText(e.whenFalse))) ||
  (ts.isBinaryExpression(e) && (isWrittenText(e.left) || isWrittenText(e.right))) ||
  (ts.isArrayLiteralExpression(e) && e.elements.some((x) => isWrittenText(x as ts.Expression)));
const where = (sf: ts.SourceFile, n: ts.Node, file: string): string =>
  `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${n.getText().slice(0, 120)}`;

/** Object literals that carry a reference and write their English field out by hand. */
function englishBesideRef(files: { file: string; sf: ts.SourceFile }[]): string[] {
  const hits: string[] = [];
  for (const { file, sf } of files)
    walk(sf, (n) => {
      if (!ts.isObjectLiteralExpression(n)) return;
      const props = n.properties;
      if (!props.some((p) => REF_FIELDS.has(propName(p) ?? ''))) return;
      for (const p of props)
        if (ts.isPropertyAssignment(p) && TEXT_FIELDS.has(propName(p) ?? '') && isWrittenText(p.initializer)) hits.push(where(sf, n, file));
    });
  return hits;
}

/**
 * Errors the transports throw (electron/engine/transports/): each is built from a catalogue reference, so no
 * argument of a `new …Error(…)` there is written text (a sentence, or text with a value in it); a code or a
 * key is one word. INTERNAL lists the invariants no user meets (a place the transport did not offer, a
 * runtime kind without a shell transport, an id detection never gives, a script that ends the wrapper).
 */
const INTERNAL = [
  "electron/engine/transports/docker/index.ts: 'the docker transport has no native place'",
  'electron/engine/transports/libvirt/index.ts: `libvirt ${this.opts.domain} has no ${place} place`',
  'electron/engine/transports/shell-in-vm/index.ts: `the ${this.kind} VM offers no "${place}" place`',
  'electron/engine/transports/shell-in-vm/argv.ts: `no shell transport for the runtime kind "${String(kind)}"`',
  'electron/engine/transports/shell-in-vm/argv.ts: `"${id ?? \'\'}" is not a Vagrant machine id`',
  "electron/engine/transports/shell-in-vm/guest-scripts.ts: `the bench script contains the line ${SCRIPT_END}, which ends the wrapper's here-document`",
  // The bench scripts' arguments and source (moved here from bench/): a programmer's or a developer's mistake, never a user's.
  'electron/engine/transports/bench-scripts.ts: `unknown parameter "${key}" for ${test}`',
  'electron/engine/transports/bench-scripts.ts: `${key} must be a whole number, not ${value}`',
  'electron/engine/transports/bench-scripts.ts: `VMBENCH_SCRIPTS_DIR=${env} has no lib.sh`',
  'electron/engine/transports/bench-scripts.ts: `no bench script named "${name}" (known: ${SCRIPT_NAMES.join(\', \')})`',
];
const isWord = (e: ts.Expression): boolean => (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && !/\s/.test(e.text);
function transportErrorsWithoutRef(files: { file: string; sf: ts.SourceFile }[]): string[] {
  const hits: string[] = [];
  for (const { file, sf } of files) {
    if (!file.startsWith('electron/engine/transports/')) continue;
    walk(sf, (n) => {
      if (!ts.isNewExpression(n) || !ts.isIdentifier(n.expression) || !n.expression.text.endsWith('Error')) return;
      const text = (n.arguments ?? []).filter((a) => isWrittenText(a) && !isWord(a));
      if (text.length && !INTERNAL.includes(`${file}: ${text.map((a) => a.getText()).join(', ')}`)) hits.push(where(sf, n, file));
    });
  }
  return hits;
}

/** Job log events (`{type: 'log', …}`) the engine emits without a reference: each needs `ref` or a spread of withEnglish(ref). */
function logEventsWithoutRef(files: { file: string; sf: ts.SourceFile }[]): string[] {
  const hits: string[] = [];
  for (const { file, sf } of files) {
    if (!file.startsWith('electron/engine/')) continue;
    walk(sf, (n) => {
      if (!ts.isObjectLiteralExpression(n)) return;
      const isLog = n.properties.some(
        (p) => ts.isPropertyAssignment(p) && propName(p) === 'type' && ts.isStringLiteral(p.initializer) && p.initializer.text === 'log',
      );
      if (isLog && !n.properties.some((p) => ts.isSpreadAssignment(p) || propName(p) === 'ref')) hits.push(where(sf, n, file));
    });
  }
  return hits;
}

/** Calls that render a reference in English outside message-english.ts (a second source of English text). */
function englishDerivedElsewhere(): string[] {
  const hits: string[] = [];
  for (const { file, sf } of FILES) {
    if (file === DERIVER) continue;
    walk(sf, (n) => {
      if (!ts.isCallExpression(n) || !ts.isIdentifier(n.expression) || !RENDERERS.has(n.expression.text)) return;
      if (n.arguments.some((a) => ts.isStringLiteral(a) && a.text === 'en')) hits.push(where(sf, n, file));
    });
  }
  return hits;
}

/** The en catalogue's own rendering of a reference (i18next on the catalogue, nested references first). */
function en(ref: MsgRef, ns = 'common'): string {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(ref.params ?? {})) values[k] = typeof v === 'object' ? en(v, ns) : v;
  const text = translator('en')(ref.key, { ns, replace: values, defaultValue: '' });
  expect(text, `${ref.key} is in the en catalogue`).not.toBe('');
  return text;
}

describe('one text per message: the sources', () => {
  it('writes no English literal beside a message reference (message/why/reason/notes next to ref/messageRef/whyRef/reasonRefs/noteRefs)', () => {
    expect(englishBesideRef(FILES)).toEqual([]);
  });

  it('the scan sees a literal beside a reference, and lets a derived one pass', () => {
    const probe = (code: string): string[] => englishBesideRef([{ file: 'x.ts', sf: ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, true) }]);
    expect(probe("const e = { code: 'x', message: 'Nothing was changed.', ref: { key: 'errors.applyCancelled' } };")).toHaveLength(1);
    expect(probe('const e = { notes: [`a ${b}`], noteRefs: [r] };')).toHaveLength(1);
    expect(probe("const e = { message: left ? `a ${left}` : 'b', ref: r };")).toHaveLength(1);
    expect(probe("const e = { code: 'x', ...withEnglish(msg('errors.applyCancelled')) };")).toEqual([]);
  });

  it('derives English from a reference only in electron/messages/message-english.ts', () => {
    expect(englishDerivedElsewhere()).toEqual([]);
  });

  it("the transports throw no error written in English (DockerTransportError, the guest agent's, the prepare failures): each is a reference", () => {
    expect(transportErrorsWithoutRef(FILES)).toEqual([]);
  });

  it('the engine emits no job log line without a reference', () => {
    expect(logEventsWithoutRef(FILES)).toEqual([]);
  });

  it('the scans see an English error in a transport and a log line without a reference, and let the referenced ones pass', () => {
    const probe = (file: string, code: string): string[] => {
      const files = [{ file, sf: ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true) }];
      return [...transportErrorsWithoutRef(files), ...logEventsWithoutRef(files)];
    };
    const docker = 'electron/engine/transports/docker/x.ts';
    expect(probe(docker, "throw new DockerTransportError('container-failed', 'This docker transport was already disposed.');")).toHaveLength(1);
    expect(probe(docker, 'throw new DockerTransportError(`engine-unreachable`, `${engine} could not be reached`);')).toHaveLength(1);
    expect(probe('electron/engine/transports/libvirt/index.ts', 'throw new Error(`could not prepare ${base} in the guest`);')).toHaveLength(1);
    expect(probe(docker, "throw new DockerTransportError('container-failed', 'errors.docker.disposed');")).toEqual([]);
    expect(probe(docker, "throw Object.assign(new Error(), { code: 'x', ...withEnglish(ref) });")).toEqual([]);
    expect(probe('electron/engine/bench/runner.ts', "emit({ type: 'log', level: 'warn', message: `${t.label}: ${message}` });")).toHaveLength(1);
    expect(probe('electron/engine/bench/runner.ts', "emit({ type: 'log', level, ...withEnglish(ref) });")).toEqual([]);
  });
});

/** Runs fn with a temporary folder, removed afterwards. */
async function inTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vmbench-one-text-'));
  try {
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A docker transport on a socket nothing listens on (no dockerd). */
const goneDocker = (dir: string): DockerTransport =>
  new DockerTransport({ endpoint: `unix://${join(dir, 'no-docker.sock')}`, engine: 'Docker Engine', sharedDir: dir });

/** The events of a quick run of `tests` on `targets`, stored in dir; `stopAt` cancels it at the first event it accepts. */
async function runEvents(
  dir: string,
  tests: TestId[],
  targets: ResolvedTarget[],
  ac = new AbortController(),
  stopAt?: (e: JobEvent) => boolean,
): Promise<JobEvent[]> {
  const events: JobEvent[] = [];
  const emit = (e: unknown): void => {
    events.push(e as JobEvent);
    if (stopAt?.(e as JobEvent)) ac.abort();
  };
  await executeRun({ suite: 'quick', tests }, emit, ac.signal, { store: new RunStore(dir), appVersion: 't', resolveTargets: async () => targets });
  return events;
}

/** A run's job-finished event. */
function finishedOf(events: JobEvent[]): Extract<JobEvent, { type: 'job-finished' }> {
  const finished = events.find((e) => e.type === 'job-finished');
  if (finished?.type !== 'job-finished') throw new Error('no job-finished');
  return finished;
}

describe("one text per message: each producer's English field is the en catalogue's rendering of its reference", () => {
  it('a step whose write-back did not settle (both wordings)', () => {
    for (const leftKiB of [undefined, 3 * 1024 * 1024]) {
      const w = settleWarning('seq-write', 'shared', { ms: 30_000, settled: false, limitS: 30, sync: leftKiB !== undefined, leftKiB });
      expect(w?.ref).toBeDefined();
      expect(w?.message).toBe(en(w!.ref!));
    }
  });

  it('a step that timed out, gave unreadable tool output, or ended without a result (engine-worded step errors)', () => {
    const timedOut = new StepCollector('seq-write', 'guest', () => undefined);
    timedOut.onEvent({ event: 'tool-output', test: 'http', tool: 'wrk', trial: 1, data: { bad: true } } as never);
    const failed = new StepCollector('rand-read', 'shared', () => undefined);
    failed.onStderr('fio: No such file or directory');
    const empty = new StepCollector('seq-read', 'native', () => undefined);
    const errors = [
      ...timedOut.finish({ exitCode: null, cancelled: false, timedOut: true }).errors,
      ...failed.finish({ exitCode: 2, cancelled: false, timedOut: false }).errors,
      ...empty.finish({ exitCode: 0, cancelled: false, timedOut: false }).errors,
    ];
    expect(errors.map((e) => e.code)).toEqual(['bad-output', 'timeout', 'script-failed', 'script-failed']);
    for (const e of errors) {
      expect(e.ref, e.code).toBeDefined();
      expect(e.message).toBe(en(e.ref!));
      expect(errorText(e, 'ja')).not.toBe(e.message);
    }
    expect(errors[2].message).toBe('rand-read produced no result: the script exited with code 2 (fio: No such file or directory).');
  });

  it("a script's own error event keeps its words: a reference it sends is dropped (only the engine's drivers set one)", () => {
    const parsed = parseEvent('{"event":"error","test":"watch","code":"x","message":"guest words","ref":{"key":"errors.applyCancelled"}}');
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.event).toEqual({ event: 'error', test: 'watch', code: 'x', message: 'guest words' });
  });

  it("an engine error and a runtime's reason (several clauses)", () => {
    const err = engineError('not-found', 'errors.runNotFound', { id: 'r1' });
    expect(err.message).toBe(en(err.ref!));
    const rt = makeRuntime({
      id: 'lima:x',
      kind: 'lima',
      name: 'Lima',
      state: 'unknown',
      reason: [why('kind.noState', { name: 'Lima' }), why('kind.noState', { name: 'x' })],
    });
    expect(rt.reasonRefs).toHaveLength(2);
    expect(rt.reason).toBe(en(joinedRef(rt.reasonRefs!)!));
  });

  it("an apply plan's notes", async () => {
    const rt: RuntimeInfo = {
      id: 'docker-desktop',
      kind: 'docker-desktop',
      name: 'Docker Desktop',
      version: null,
      state: 'running',
      settings: {},
      settingsSource: {},
      targets: [],
      findings: [],
    };
    const plan = await planApply(
      {
        id: 'docker-desktop/vmType',
        setting: 'vmType',
        current: 'qemu',
        recommended: 'vz',
        severity: 'high',
        evidence: 'e',
        apply: { kind: 'steps', steps: ['Open Settings.'] },
      },
      rt,
      { dataDir: tmpdir() },
    );
    expect(plan.notes.length).toBeGreaterThan(0);
    expect(plan.notes).toEqual(plan.noteRefs?.map((r) => en(r)));
  });

  it("the IPC handler's answer when the user cancels the confirmation dialog", async () => {
    const engine: Dispatcher = {
      dispatch: async () => ({ ok: true, value: null }),
      heldPlan: () =>
        ({ plan: { findingId: 'f', runtimeId: 'local', kind: 'command', argv: [['true']], notes: [] } }) as unknown as ReturnType<Dispatcher['heldPlan']>,
      heldRestart: () => {
        throw new Error('none');
      },
    };
    const env = await requestHandler(
      'advice.apply',
      engine,
      () => true,
      async () => false,
    )({ senderFrame: null }, ['0123456789abcdef0123456789abcdef']);
    if (env.ok) throw new Error('applied');
    expect(env.error.code).toBe('cancelled');
    expect(env.error.ref).toEqual({ key: 'errors.applyCancelled' });
    expect(env.error.message).toBe(en(env.error.ref!));
  });

  it('a Docker transport error (a nested reference in its parameters too), in English and in Japanese', async () => {
    const bad = (() => {
      try {
        parseEndpoint('nonsense');
      } catch (err) {
        return err as DockerTransportError;
      }
    })();
    expect(bad?.ref).toEqual({ key: 'errors.docker.notEndpoint', params: { endpoint: 'nonsense' } });
    expect(bad?.message).toBe(en(bad!.ref));
    await inTempDir(async (dir) => {
      const t = goneDocker(dir);
      const err = await t.prepare({ signal: new AbortController().signal, log: () => undefined }).then(
        () => null,
        (e: unknown) => e as DockerTransportError,
      );
      expect(err?.code).toBe('engine-unreachable');
      expect(err?.ref.key).toBe('errors.docker.unreachable');
      expect(err?.message).toBe(en(err!.ref));
      expect(err?.message).toMatch(
        /^Docker Engine could not be reached: nothing answers on unix:\/\/.*no-docker\.sock \(.*ENOENT.*\)\. Start it, then run again\.$/,
      );
      expect(errorText(err, 'ja')).toMatch(
        /^Docker Engine に接続できませんでした: unix:\/\/.*no-docker\.sock で応答するものがありません（.*）。起動してから、もう一度実行してください。$/,
      );
      // A script it cannot run: the step's error event carries the reference, the engine's own error nested in it.
      const events: BenchEvent[] = [];
      const exit = await t.run(
        { name: 'probe', source: 'true', args: [] },
        { signal: new AbortController().signal, timeoutMs: 5000, onEvent: (e) => events.push(e) },
      );
      expect(exit.exitCode).toBeNull();
      const [ev] = events;
      if (ev?.event !== 'error' || !ev.ref) throw new Error('no error event with a reference');
      expect(ev.ref).toEqual({ key: 'errors.docker.runFailed', params: { script: 'probe', engine: 'Docker Engine', error: err!.ref } });
      expect(ev.message).toBe(en(ev.ref));
      expect(errorText(ev, 'ja')).toMatch(/^Docker Engine で probe を実行できませんでした: Docker Engine に接続できませんでした: /);
      await t.dispose();
    });
  });

  it("a run whose target cannot be prepared: each step's error keeps the transport's reference, the log line carries one, and the CLI prints it in Japanese", async () => {
    await inTempDir(async (dir) => {
      const target = { id: 'docker:gone', runtime: 'docker:gone', label: 'Docker Engine (gone)', settings: {}, transport: goneDocker(dir) };
      const events = await runEvents(dir, ['seq-write'], [target]);
      const errors = events.flatMap((e) => (e.type === 'test-error' ? [e.error] : []));
      expect(errors.length).toBeGreaterThan(0);
      for (const e of errors) {
        expect(e.code).toBe('engine-unreachable');
        expect(e.ref?.key).toBe('errors.docker.unreachable');
        expect(e.message).toBe(en(e.ref!));
      }
      const logs = events.flatMap((e) => (e.type === 'log' ? [e] : []));
      expect(logs.map((l) => l.ref?.key)).toEqual(['log.targetWarn']);
      expect(logs[0].message).toBe(en(logs[0].ref!));
      const finished = finishedOf(events);
      expect(finished.messageRef).toEqual({ key: 'errors.runNoResults' });
      expect(finished.message).toBe(en(finished.messageRef!));
      const out: string[] = [];
      const print = createProgressPrinter({ isTTY: false, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream, 'ja');
      for (const e of events) print(e);
      expect(out.join('')).toMatch(/Docker Engine \(gone\): Docker Engine に接続できませんでした: /);
      expect(out.join('')).toMatch(/^結果が得られたテストはありません。/m);
      expect(out.join('')).not.toMatch(/could not be reached/);
    });
  });

  it("a run's unreferenced prepare failure is quoted in errors.prepareFailed; the net line carries a reference", async () => {
    await inTempDir(async (dir) => {
      const local = await localTarget(dir);
      const failing = {
        ...local,
        id: 'odd',
        label: 'odd',
        transport: {
          ...local.transport,
          places: () => local.transport.places(),
          placeDir: (p: Parameters<typeof local.transport.placeDir>[0]) => local.transport.placeDir(p),
          prepare: async () => Promise.reject(new Error('guest said no')),
        },
      };
      const ac = new AbortController();
      // Stops the run once the net line is out: nothing is measured.
      const events = await runEvents(dir, ['net'], [failing, local], ac, (e) => e.type === 'log' && e.ref?.key === 'log.netMeasures');
      const err = events.find((e) => e.type === 'test-error');
      if (err?.type !== 'test-error') throw new Error('no test-error');
      expect(err.error.ref).toEqual({ key: 'errors.prepareFailed', params: { target: 'odd', detail: 'guest said no' } });
      expect(err.error.message).toBe('odd could not be prepared: guest said no');
      const logs = events.flatMap((e) => (e.type === 'log' ? [e] : []));
      expect(logs.map((l) => l.ref?.key)).toEqual(['errors.prepareFailed', 'log.netMeasures']);
      for (const l of logs) expect(l.message).toBe(en(l.ref!));
      expect(errorText(logs[1], 'ja')).toMatch(/^このマシン: net は .* を測ります。$/); // this machine's name is a reference too, not its English label
    });
  });

  it('a run cancelled before any test finished', async () => {
    await inTempDir(async (dir) => {
      const ac = new AbortController();
      ac.abort();
      const finished = finishedOf(await runEvents(dir, ['seq-write'], [], ac));
      expect(finished.status).toBe('cancelled');
      expect(finished.messageRef).toBeDefined();
      expect(finished.message).toBe(en(finished.messageRef!));
    });
  });
});
