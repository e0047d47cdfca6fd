/**
 * Suite presets (quick / standard / thorough) of the disk tests, their time estimates, and the
 * bench scripts themselves (bench-scripts/lib.sh + <test>.sh, sent to `sh -s -- ARGS`).
 *
 * Sizes and caches: the page cache cannot hide anything at quick sizes because every write is
 * flushed (direct=1 + end_fsync=1, or dd conv=fsync) and every read bypasses the cache
 * (direct=1, or caches dropped when O_DIRECT is refused); what direct I/O cannot defeat is a
 * cache *below* the guest (the host's page cache behind a virtual disk with cache=writeback),
 * which is why standard and thorough use files larger than typical guest memory budgets allow
 * a host to keep warm. Sequential trials are also time-capped (maxS), so a slow share (9p at
 * 40 MB/s) still finishes in bounded time: fio then reports what it moved in that time.
 *
 * The presets and estimates live in ../../test-catalogue.ts, planned by ../../plan-estimate.ts (shared with the renderer). estimateSec
 * is calibrated on the development machine, where the quick suite took 52 s (seq-write 4.9,
 * seq-read 6.1, rand-read 37.7, small-files 3.3); rand-read is time-based, so it takes as long anywhere.
 *
 * The service tests (net, redis, http) are bounded in time (iperf3 -t, wrk -d) or count
 * (redis-benchmark -n, capped by maxS). Natively quick adds about 30 s (http measures a static file and a small site), so the default suite stays
 * the four disk tests; `--tests net,redis,http` runs them. Inside guests they measure the path a
 * developer's traffic takes (see service-step.ts): net once per target against an iperf3 server the
 * engine runs on the host's 127.0.0.1, redis once per target (in docker also across two
 * containers, a third redis-benchmark run per trial, not in the estimate), http in every place.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Suite, TestId } from '../../contract/contract.js';
import { estimateSec, preset, RUNNABLE_TESTS, type ScriptTest, type SuiteParams } from '../../measurement/plan-estimate.js';
import { HTTP_REQUEST_TIMEOUT_S, paramFlag, testSpec } from '../../contract/test-catalogue.js';
import { packageRoot } from '../util/paths.js';

/** A bench script: the probe or one of the tests. */
export type ScriptName = 'probe' | ScriptTest;
/** Which tool a script may use: fio when present, fio only, or the sh fallback only. */
export type ToolChoice = 'auto' | 'fio' | 'fallback';
export {
  defaultTests,
  estimateSec,
  placeEstimateSec,
  RUNNABLE_TESTS,
  SCRIPT_TESTS,
  SERVICE_TESTS,
  type ScriptTest,
  type SuiteParams,
} from '../../measurement/plan-estimate.js';
const SCRIPT_NAMES: readonly ScriptName[] = ['probe', ...RUNNABLE_TESTS];

/** The parameters of a test in a suite (a copy). */
export function suiteParams(suite: Suite, test: TestId): SuiteParams {
  return { ...preset(suite, test) };
}

/**
 * A generous upper bound for one script run (slow shares, busy hosts, emulated guests), for the
 * transport's timeout. It never cuts a script short of its own caps: the catalogue entry's minTimeout
 * (redis.sh's per-run maxS), so in a slow guest the script reaches its own verdict first.
 */
export function timeoutSec(suite: Suite, test: TestId): number {
  return Math.max(120, estimateSec(suite, test) * 20, testSpec(test)?.minTimeout?.(preset(suite, test)) ?? 0);
}

/** `--flag value` pairs of parameters, each flag as the test's catalogue entry says (paramFlag); whole numbers only, and (unless `any`) only the test's own parameters. */
function paramArgs(test: TestId, params: SuiteParams, any = false): string[] {
  const spec = testSpec(test);
  const args: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (!spec || (!any && !(key in spec.presets.quick || key in spec.presets.standard || key in spec.presets.thorough || (spec.flags && key in spec.flags)))) {
      throw new Error(`unknown parameter "${key}" for ${test}`);
    }
    if (!Number.isInteger(value) || value < 0) throw new Error(`${key} must be a whole number, not ${value}`);
    args.push(paramFlag(key, spec), String(value));
  }
  return args;
}

/** The arguments of a script: `--dir DIR` plus the suite's parameters (probe: only --dir). */
export function scriptArgs(test: ScriptName, suite: Suite, dir: string, opts: { tool?: ToolChoice; overrides?: SuiteParams } = {}): string[] {
  const args = ['--dir', dir];
  if (test === 'probe') return args;
  args.push(...paramArgs(test, { ...suiteParams(suite, test), ...(opts.overrides ?? {}) }));
  args.push('--tool', opts.tool ?? 'auto');
  return args;
}

export { HTTP_REQUEST_TIMEOUT_S };

/**
 * Arguments a test gets on a target that runs `scale` times slower than native (an emulated guest: the
 * transport's timeoutScale): its catalogue entry's slowParams (http's per-request time-out scaled with it,
 * so that a late answer from a slow guest is measured as latency, not refused as a failed request).
 * Nothing on a native-speed target.
 */
export function slowTargetArgs(test: TestId, scale = 1): string[] {
  const slow = scale > 1 ? testSpec(test)?.slowParams?.(scale) : undefined;
  return slow ? paramArgs(test, slow, true) : [];
}

/** The bench-scripts folder: $VMBENCH_SCRIPTS_DIR, else the package's own (see packageRoot). */
export function scriptsDir(): string {
  const env = process.env.VMBENCH_SCRIPTS_DIR;
  if (env) {
    if (!existsSync(join(env, 'lib.sh'))) throw new Error(`VMBENCH_SCRIPTS_DIR=${env} has no lib.sh`);
    return resolve(env);
  }
  return join(packageRoot(), 'bench-scripts');
}

/** The full sh text of a script: lib.sh + "\n" + <name>.sh, ready for `sh -s -- ARGS` on stdin. */
export function scriptSource(name: string): string {
  if (!(SCRIPT_NAMES as readonly string[]).includes(name)) {
    throw new Error(`no bench script named "${name}" (known: ${SCRIPT_NAMES.join(', ')})`);
  }
  const dir = scriptsDir();
  const file = testSpec(name)?.script ?? `${name}.sh`; // a test's script as the catalogue names it; the probe's probe.sh
  return `${readFileSync(join(dir, 'lib.sh'), 'utf8')}\n${readFileSync(join(dir, file), 'utf8')}`;
}
