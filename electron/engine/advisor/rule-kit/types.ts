import type { Finding, FindingText, MeasuredValue, MsgRef, Place, RuntimeInfo, TestError, TestId, TestResult } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { SCRIPT_TESTS } from '../../../measurement/plan-estimate.js';
import type { RuntimeKindId } from '../../../contract/runtime-kinds.js';
import { testSpec } from '../../../contract/test-catalogue.js';
import { metricInfo } from '../../../measurement/metrics.js';
import type { SettingKey } from '../../../contract/setting-keys.js';

/**
 * What a rule proposes for one runtime, before the user's own numbers are weighed: its texts as messages
 * (the advisor renders the English fields from them; How to steps come from text.steps).
 */
export type Draft = Omit<Finding, 'id' | 'setting' | 'measured' | 'evidence' | 'risk' | 'text' | 'apply'> & {
  text: FindingText;
  apply?: Exclude<Finding['apply'], { kind: 'steps' }> | { kind: 'steps' };
};

/** A finding whose texts the advisor renders from messages. */
export type Drafted = Finding & { text: FindingText };

/** The user's own numbers a rule can consult (latest stored runs for one runtime). */
export interface Measurements {
  /** Median of a metric for this runtime in the newest run that has it. */
  latest(test: TestId, place: Place, metric: string): MeasuredValue | undefined;
  /** The newest native (host) median of a metric, preferring the same run as `sameRun`. */
  native(test: TestId, metric: string, sameRun?: string): MeasuredValue | undefined;
  /** Newest median of a metric per value of a setting, across every stored run of this runtime. */
  bySetting(setting: SettingKey, test: TestId, place: Place, metric: string): MeasuredValue[];
  /** Whether any stored run of this runtime has a result of this test. */
  has(test: TestId): boolean;
  /** The newest result of a test in a place of this runtime, with the errors of that step (watch: its inotify verdict), its target and run. */
  latestResult(test: TestId, place: Place): { result: TestResult; errors: TestError[]; target: string; runId: string } | undefined;
}

/** The machine the runtimes run on: some settings exist only on macOS (VZ, virtiofs in Rancher Desktop). */
export interface HostFacts {
  platform: string;
}

const PLATFORMS = new Set(['darwin', 'linux', 'win32']);

/**
 * This machine. VMBENCH_HOST_PLATFORM (darwin, linux or win32) stands in for the platform when files
 * captured on another host are replayed (the tests of a Mac setup on Linux); it changes which advice
 * applies, nothing else.
 */
export function thisHost(env: NodeJS.ProcessEnv = process.env): HostFacts {
  const p = env.VMBENCH_HOST_PLATFORM;
  return { platform: p && PLATFORMS.has(p) ? p : process.platform };
}

/** What a rule is about: a setting key of the catalogue, or a practice learned from the user's own numbers that no runtime reports as a setting (commandPlace: where the user's own command's files live). */
export type RuleSetting = SettingKey | 'dependencyFolders' | 'fileWatcher' | 'redisTransport' | 'commandPlace';

/**
 * One recommendation about one setting, with everything the advisor knows of it: when it applies, the
 * change and the evidence it quotes (its published gain is that evidence's: evidence.ts EVIDENCE_GAINS),
 * how the user's numbers weigh, and the tests it affects. Adding a rule is one file plus one line in
 * index.ts, and its texts.
 */
export interface Rule {
  /** The setting it is about (the finding id is `<runtime id>/<setting>`). */
  setting: RuleSetting;
  /** Whether the rule has anything to say about this runtime. */
  applies(rt: RuntimeInfo, m: Measurements, host: HostFacts): boolean;
  /** The recommendation from published evidence. */
  draft(rt: RuntimeInfo): Draft;
  /** Weighs the user's own numbers: returns the adjusted finding (severity, text.evidence, measured). */
  weigh?(f: Drafted, rt: RuntimeInfo, m: Measurements): Drafted;
  /** The tests whose numbers the setting moves: what is re-run to verify the change (affected.ts); left out, the default disk tests. */
  affects?: readonly TestId[];
}

/** The default tests that measure the virtual disk itself with fio (what a disk's io mode, cache and bus move); an opt-in test is not re-run unasked. */
export const BLOCK_TESTS: readonly TestId[] = SCRIPT_TESTS.filter((t) => testSpec(t)?.tool === 'fio');

/** Reads a setting as text (undefined when absent or not a scalar). */
export function text(rt: RuntimeInfo, key: SettingKey): string | undefined {
  const v = rt.settings?.[key];
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
}

/** Whether a runtime is of one of the given kinds. */
export function isKind(rt: RuntimeInfo, ...kinds: RuntimeKindId[]): boolean {
  return (kinds as readonly string[]).includes(rt.kind);
}

/** A measured value as a short citation in its metric's unit (the catalogue's, else `unit`): "412 MB/s (seq-write write_MBps median, shared, docker, run R)". */
export function cite(v: MeasuredValue, unit = ''): MsgRef {
  const own = metricInfo(v.metric).unit || unit;
  return msg('cite', {
    value: round(v.median),
    unit: own ? ` ${own}` : '',
    test: v.test,
    metric: v.metric,
    place: v.place,
    target: v.target,
    runId: v.runId,
  });
}

/** Rounds to a readable precision. */
export function round(n: number): number {
  return Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100;
}
