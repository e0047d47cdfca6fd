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
 * estimateSec is calibrated on the development machine (virtio disk, ext4: ~1-2 GB/s sequential,
 * ~88k 4k IOPS at QD32), where the quick suite took 52 s (seq-write 4.9, seq-read 6.1,
 * rand-read 37.7, small-files 3.3); rand-read is time-based, so it takes as long anywhere.
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
import type { Suite, TestId } from '../../contract.js';
import { packageRoot } from '../paths.js';

/** A test that has a bench script in this version. */
export type ScriptTest = 'seq-write' | 'seq-read' | 'rand-read' | 'small-files' | 'net' | 'redis' | 'http';
/** A bench script: the probe or one of the tests. */
export type ScriptName = 'probe' | ScriptTest;
/** Which tool a script may use: fio when present, fio only, or the sh fallback only. */
export type ToolChoice = 'auto' | 'fio' | 'fallback';
/** Parameters of a test in a suite (names as in the start/result events: sizeMiB, trials, ...). */
export type SuiteParams = Record<string, number>;

/** The tests a run does when none are named (the disk tests), in the order a suite runs them. */
export const SCRIPT_TESTS: readonly ScriptTest[] = ['seq-write', 'seq-read', 'rand-read', 'small-files'];
/** The service tests (servers on loopback, or the engine's on the host: see service-step.ts), run when named (`--tests net,redis,http`). */
export const SERVICE_TESTS: readonly ScriptTest[] = ['net', 'redis', 'http'];
/** Every test that has a script, in run order. */
export const RUNNABLE_TESTS: readonly ScriptTest[] = [...SCRIPT_TESTS, ...SERVICE_TESTS];
const SCRIPT_NAMES: readonly ScriptName[] = ['probe', ...RUNNABLE_TESTS];

const PRESETS: Record<Suite, Record<ScriptTest, SuiteParams>> = {
  quick: {
    'seq-write': { trials: 3, sizeMiB: 1024, bsKiB: 1024, maxS: 8 },
    'seq-read': { trials: 3, sizeMiB: 1024, bsKiB: 1024, maxS: 8 },
    'rand-read': { trials: 3, sizeMiB: 256, runtimeS: 10, rampS: 2, iodepth: 32, bsKiB: 4 },
    'small-files': { trials: 3, files: 2000, sizeBytes: 4096 },
    net: { trials: 3, runtimeS: 1, streams: 1 },
    redis: { trials: 3, requests: 20000, clients: 16, maxS: 30 },
    http: { trials: 3, runtimeS: 2, clients: 16, files: 200 },
  },
  standard: {
    'seq-write': { trials: 5, sizeMiB: 2048, bsKiB: 1024, maxS: 20 },
    'seq-read': { trials: 5, sizeMiB: 2048, bsKiB: 1024, maxS: 20 },
    'rand-read': { trials: 5, sizeMiB: 1024, runtimeS: 20, rampS: 3, iodepth: 32, bsKiB: 4 },
    'small-files': { trials: 5, files: 5000, sizeBytes: 4096 },
    net: { trials: 5, runtimeS: 3, streams: 1 },
    redis: { trials: 5, requests: 100000, clients: 50, maxS: 60 },
    http: { trials: 5, runtimeS: 5, clients: 32, files: 1000 },
  },
  thorough: {
    'seq-write': { trials: 7, sizeMiB: 8192, bsKiB: 1024, maxS: 60 },
    'seq-read': { trials: 7, sizeMiB: 8192, bsKiB: 1024, maxS: 60 },
    'rand-read': { trials: 7, sizeMiB: 4096, runtimeS: 30, rampS: 5, iodepth: 32, bsKiB: 4 },
    'small-files': { trials: 7, files: 20000, sizeBytes: 4096 },
    net: { trials: 7, runtimeS: 10, streams: 4 },
    redis: { trials: 7, requests: 500000, clients: 50, maxS: 120 },
    http: { trials: 7, runtimeS: 10, clients: 64, files: 5000 },
  },
};

/** Command-line flag of each parameter. */
const FLAGS: Record<string, string> = {
  trials: '--trials',
  sizeMiB: '--size-mib',
  bsKiB: '--bs-kib',
  maxS: '--max-s',
  runtimeS: '--runtime-s',
  rampS: '--ramp-s',
  iodepth: '--iodepth',
  files: '--files',
  sizeBytes: '--size-bytes',
  streams: '--streams',
  requests: '--requests',
  clients: '--clients',
};

// Calibration (development machine): sequential MB/s per pass, files created per second
// (the create phase includes a sync and dominates small-files), fixed cost of a fio run.
const REF_SEQ_MBPS = 1200;
const REF_CREATE_PER_S = 2000;
const FIO_START_SEC = 0.3;
// Services: loopback SET/GET rate of redis 7 here (~50k/s with 16 clients), a server's start.
const REF_REDIS_RPS = 50000;
const SERVER_START_SEC = 0.5;

function isScriptTest(test: string): test is ScriptTest {
  return (RUNNABLE_TESTS as readonly string[]).includes(test);
}

function preset(suite: Suite, test: TestId): SuiteParams {
  if (!isScriptTest(test)) throw new Error(`the ${test} test has no bench script in this version`);
  const s = PRESETS[suite];
  if (!s) throw new Error(`unknown suite "${suite}" (quick, standard or thorough)`);
  return s[test];
}

/** The parameters of a test in a suite (a copy). */
export function suiteParams(suite: Suite, test: TestId): SuiteParams {
  return { ...preset(suite, test) };
}

/** Expected duration of a test in a suite on a disk like the development machine's, in seconds. */
export function estimateSec(suite: Suite, test: TestId): number {
  const p = preset(suite, test);
  const seqPass = Math.min((p.sizeMiB ?? 0) * 1.048576 / REF_SEQ_MBPS, p.maxS ?? Infinity) + FIO_START_SEC;
  let sec: number;
  if (test === 'seq-write') sec = (p.trials + 1) * seqPass;
  else if (test === 'seq-read') sec = (p.trials + 2) * seqPass; // + writing the file + warm-up pass
  else if (test === 'rand-read') sec = seqPass + p.trials * (p.runtimeS + p.rampS + FIO_START_SEC);
  else if (test === 'net') sec = SERVER_START_SEC + p.trials * 2 * (p.runtimeS + 1 + 0.2); // 2 directions, 1 s omitted each
  else if (test === 'redis') sec = SERVER_START_SEC + p.trials * 2 * Math.min((2 * p.requests) / REF_REDIS_RPS + 0.1, p.maxS);
  else if (test === 'http') sec = SERVER_START_SEC + p.files / 2000 + p.trials * 2 * (p.runtimeS + 0.2); // the static file, then the small site
  else sec = p.trials * (p.files / REF_CREATE_PER_S + 0.1) + 0.2;
  return Math.ceil(sec);
}

/** A generous upper bound for one script run (slow shares, busy hosts), for the transport's timeout. */
export function timeoutSec(suite: Suite, test: TestId): number {
  return Math.max(120, estimateSec(suite, test) * 20);
}

/** The arguments of a script: `--dir DIR` plus the suite's parameters (probe: only --dir). */
export function scriptArgs(
  test: ScriptName,
  suite: Suite,
  dir: string,
  opts: { tool?: ToolChoice; overrides?: SuiteParams } = {},
): string[] {
  const args = ['--dir', dir];
  if (test === 'probe') return args;
  const params = { ...suiteParams(suite, test), ...(opts.overrides ?? {}) };
  for (const [key, value] of Object.entries(params)) {
    const flag = FLAGS[key];
    if (!flag) throw new Error(`unknown parameter "${key}" for ${test}`);
    if (!Number.isInteger(value) || value < 0) throw new Error(`${key} must be a whole number, not ${value}`);
    args.push(flag, String(value));
  }
  args.push('--tool', opts.tool ?? 'auto');
  return args;
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
  return `${readFileSync(join(dir, 'lib.sh'), 'utf8')}\n${readFileSync(join(dir, `${name}.sh`), 'utf8')}`;
}
