// One text per message (issue 26): a message the engine makes is written once, as a reference into the
// catalogues; the English field the contract keeps beside it (message, reason, notes, why, a finding's
// evidence) is derived from the en catalogue by electron/shared/message-english.ts alone. This reads every
// source file of electron/ and src/ for an English literal written beside a reference and for a second
// place that derives English from a reference, then runs the producers and checks each derived field.
import { mkdtemp, rm } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { JobEvent, MsgRef, RuntimeInfo } from '../../electron/shared/contract.js';
import { requestHandler, type Dispatcher } from '../../electron/app/ipc.js';
import { planApply } from '../../electron/engine/advisor/apply/index.js';
import { settleWarning } from '../../electron/engine/bench/settle.js';
import { executeRun } from '../../electron/engine/bench/runner.js';
import { StepCollector } from '../../electron/engine/bench/step-collector.js';
import { parseEvent } from '../../electron/engine/bench/ndjson.js';
import { engineError } from '../../electron/engine/errors.js';
import { makeRuntime } from '../../electron/engine/runtimes/support/runtime-info.js';
import { why } from '../../electron/engine/runtimes/support/why.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { errorText, joinedRef } from '../../electron/shared/error-text.js';
import { translator } from '../../electron/shared/i18n.js';

const ROOT = join(import.meta.dirname, '../..');
const DERIVER = 'electron/shared/message-english.ts';
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

const FILES = ['electron', 'src'].flatMap(sources).map((file) => ({ file, sf: ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS) }));

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((c) => walk(c, visit));
}

const propName = (p: ts.ObjectLiteralElementLike): string | undefined => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined);
/** Text written out in the source: a string or template literal, or one chosen, joined or listed. */
const isWrittenText = (e: ts.Expression): boolean =>
  ts.isStringLiteral(e) ||
  ts.isNoSubstitutionTemplateLiteral(e) ||
  ts.isTemplateExpression(e) ||
  (ts.isParenthesizedExpression(e) && isWrittenText(e.expression)) ||
  (ts.isConditionalExpression(e) && (isWrittenText(e.whenTrue) || isWrittenText(e.whenFalse))) ||
  (ts.isBinaryExpression(e) && (isWrittenText(e.left) || isWrittenText(e.right))) ||
  (ts.isArrayLiteralExpression(e) && e.elements.some((x) => isWrittenText(x as ts.Expression)));
const where = (sf: ts.SourceFile, n: ts.Node, file: string): string => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${n.getText().slice(0, 120)}`;

/** Object literals that carry a reference and write their English field out by hand. */
function englishBesideRef(files: { file: string; sf: ts.SourceFile }[]): string[] {
  const hits: string[] = [];
  for (const { file, sf } of files)
    walk(sf, (n) => {
      if (!ts.isObjectLiteralExpression(n)) return;
      const props = n.properties;
      if (!props.some((p) => REF_FIELDS.has(propName(p) ?? ''))) return;
      for (const p of props) if (ts.isPropertyAssignment(p) && TEXT_FIELDS.has(propName(p) ?? '') && isWrittenText(p.initializer)) hits.push(where(sf, n, file));
    });
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

  it('derives English from a reference only in electron/shared/message-english.ts', () => {
    expect(englishDerivedElsewhere()).toEqual([]);
  });
});

describe('one text per message: each producer\'s English field is the en catalogue\'s rendering of its reference', () => {
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

  it('a script\'s own error event keeps its words: a reference it sends is dropped (only the engine\'s drivers set one)', () => {
    const parsed = parseEvent('{"event":"error","test":"watch","code":"x","message":"guest words","ref":{"key":"errors.applyCancelled"}}');
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.event).toEqual({ event: 'error', test: 'watch', code: 'x', message: 'guest words' });
  });

  it('an engine error and a runtime\'s reason (several clauses)', () => {
    const err = engineError('not-found', 'errors.runNotFound', { id: 'r1' });
    expect(err.message).toBe(en(err.ref!));
    const rt = makeRuntime({ id: 'lima:x', kind: 'lima', name: 'Lima', state: 'unknown', reason: [why('kind.noState', { name: 'Lima' }), why('kind.noState', { name: 'x' })] });
    expect(rt.reasonRefs).toHaveLength(2);
    expect(rt.reason).toBe(en(joinedRef(rt.reasonRefs!)!));
  });

  it('an apply plan\'s notes', async () => {
    const rt: RuntimeInfo = { id: 'docker-desktop', kind: 'docker-desktop', name: 'Docker Desktop', version: null, state: 'running', settings: {}, settingsSource: {}, targets: [], findings: [] };
    const plan = await planApply({ id: 'docker-desktop/vmType', setting: 'vmType', current: 'qemu', recommended: 'vz', severity: 'high', evidence: 'e', apply: { kind: 'steps', steps: ['Open Settings.'] } }, rt, { dataDir: tmpdir() });
    expect(plan.notes.length).toBeGreaterThan(0);
    expect(plan.notes).toEqual(plan.noteRefs?.map((r) => en(r)));
  });

  it('the IPC handler\'s answer when the user cancels the confirmation dialog', async () => {
    const engine: Dispatcher = {
      dispatch: async () => ({ ok: true, value: null }),
      heldPlan: () => ({ plan: { findingId: 'f', runtimeId: 'local', kind: 'command', argv: [['true']], notes: [] } }) as unknown as ReturnType<Dispatcher['heldPlan']>,
      heldRestart: () => {
        throw new Error('none');
      },
    };
    const env = await requestHandler('advice.apply', engine, () => true, async () => false)({ senderFrame: null }, ['0123456789abcdef0123456789abcdef']);
    if (env.ok) throw new Error('applied');
    expect(env.error.code).toBe('cancelled');
    expect(env.error.ref).toEqual({ key: 'errors.applyCancelled' });
    expect(env.error.message).toBe(en(env.error.ref!));
  });

  it('a run cancelled before any test finished', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vmbench-one-text-'));
    try {
      const events: JobEvent[] = [];
      const ac = new AbortController();
      ac.abort();
      await executeRun({ suite: 'quick', tests: ['seq-write'] }, (e) => events.push(e as JobEvent), ac.signal, { store: new RunStore(dir), appVersion: 't', resolveTargets: async () => [] });
      const finished = events.find((e) => e.type === 'job-finished');
      if (finished?.type !== 'job-finished') throw new Error('no job-finished');
      expect(finished.status).toBe('cancelled');
      expect(finished.messageRef).toBeDefined();
      expect(finished.message).toBe(en(finished.messageRef!));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
