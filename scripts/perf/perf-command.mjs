// `npm run perf`, section 7: your own command (`vmbench run --command`) timed by the app against the same command timed
// by hand, in counterbalanced pairs (scripts/perf/perf-abab.mjs), each pair kept in perf's ledger (perf-ledger.mjs).
//  - native: hyperfine (/usr/bin/hyperfine) with the app's --warmup, --runs and --prepare, in a scratch copy of the
//    project beside it (as the app's copy is), its times read from --export-json (results[0].times);
//  - docker shared: the live lane's private dockerd (--bridge=none, perf-docker.mjs), the bench image vmbench-guest:local,
//    the project's folder bind-mounted at /vmbench/shared as the docker transport does for a command run, the copy beside
//    the project on that mount. The image has no hyperfine, so by hand is a `docker exec` sh loop timing `sh -c CMD`
//    with the clock the app's script uses there (date +%s%N), --prepare untimed before every run, warm-ups discarded.
// The project is generated (a git repository of PROJECT_FILES files, scripts/git-project.mjs) in a temporary folder
// outside the checkout, and the command is one the image can run too (it has no git).
//
//   node scripts/perf/perf-command.mjs [--pairs N] [--places native,docker]    this section alone (root for docker;
//   needs the built CLI: npm run build:engine); also `npm run perf -- --only command`
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { makeGitProject } from '../git-project.mjs';
import { DEFAULT_PAIRS, GOAL_TEXT, ORDER_TEXT, abab, byHandFolder, ownSession } from './perf-abab.mjs';
import { FIDELITY_GOAL, recordRound } from './perf-ledger.mjs';

const repo = join(import.meta.dirname, '../..');
const bin = join(repo, 'bin', 'vmbench.js');

/** The command both sides time, with its prepare step, warm-ups and runs (the app's flags and hyperfine's). */
// A stat of every file, as `git status` does (the image has no git): about 140 ms on this machine, so that a millisecond of
// scheduling is not 5% of it (`find . -type f | wc -l` took about 30 ms, and a round's pairs spread ±7-23%).
export const COMMAND = { command: 'find . -type f -exec stat -c %s {} + | wc -l', prepare: 'sync', warmup: 1, runs: 10 };
/** The generated project's size: files under src/ (its .git adds as many objects again); 20,000, as a real project's checkout. */
export const PROJECT_FILES = 20000;
/** The places this section measures. */
export const PLACES = ['native', 'docker'];

/** The times of hyperfine's first benchmark (seconds, one per timed run) from its --export-json text; throws on anything else. */
export function hyperfineTimes(text) {
  const json = JSON.parse(text);
  const times = json?.results?.[0]?.times;
  if (!Array.isArray(times) || times.length === 0 || !times.every((t) => typeof t === 'number' && Number.isFinite(t) && t > 0)) {
    throw new Error('hyperfine JSON has no results[0].times of positive numbers');
  }
  const codes = json.results[0].exit_codes;
  if (Array.isArray(codes) && codes.some((c) => c !== 0)) throw new Error(`hyperfine: the command exited with ${codes.find((c) => c !== 0)}`);
  return times;
}

/** hyperfine's version ("1.15.0") from `hyperfine --version` ("hyperfine 1.15.0"). */
export const hyperfineVersion = (text) => text.trim().split(/\s+/).pop();

/** The argv of hyperfine for one by-hand run with the app's options: warm-ups, runs, prepare, JSON export. */
export function hyperfineArgs({ command, prepare, warmup, runs }, jsonFile) {
  return [
    '--style',
    'none',
    '--warmup',
    String(warmup),
    '--runs',
    String(runs),
    ...(prepare ? ['--prepare', prepare] : []),
    '--export-json',
    jsonFile,
    command,
  ];
}

/**
 * The sh script that times the command by hand inside a container: copies the project ($1) to a new folder ($2) beside
 * it, runs `sh -c PREPARE` ($4) untimed and `sh -c CMD` ($3) WARMUP times ($5, discarded), then RUNS times ($6) between
 * two reads of date +%s%N, printing each run's nanoseconds on a line; removes the copy. First it times 10 runs of an empty
 * command the same way ("c <ns>" lines): their median is the start-up hyperfine would take off (its shell's), and the app too.
 */
export const CONTAINER_TIMER = `set -e
mkdir -p "$2"; cp -pR "$1" "$2/project"; cd "$2/project"
trap 'cd /; rm -rf "$2"' EXIT
i=0; while [ "$i" -lt 10 ]; do
  t0=$(date +%s%N); sh -c '' </dev/null >/dev/null; t1=$(date +%s%N)
  echo "c $((t1 - t0))"; i=$((i + 1))
done
i=0; while [ "$i" -lt "$5" ]; do
  [ -z "$4" ] || sh -c "$4" </dev/null >/dev/null
  sh -c "$3" </dev/null >/dev/null; i=$((i + 1))
done
i=0; while [ "$i" -lt "$6" ]; do
  [ -z "$4" ] || sh -c "$4" </dev/null >/dev/null
  t0=$(date +%s%N); sh -c "$3" </dev/null >/dev/null; t1=$(date +%s%N)
  echo $((t1 - t0)); i=$((i + 1))
done`;

/**
 * The seconds of each run from CONTAINER_TIMER's output (one count of nanoseconds a line), less the median of its empty-command
 * runs ("c <ns>" lines), as hyperfine takes off its shell's start-up; a run is never below 1 ns.
 */
export const timerSeconds = (text) => {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  for (const l of lines) if (!/^(c )?\d+$/.test(l)) throw new Error(`the timer printed ${JSON.stringify(l)}, not nanoseconds`);
  const calib = lines
    .filter((l) => l.startsWith('c '))
    .map((l) => Number(l.slice(2)))
    .sort((a, b) => a - b);
  const mid = calib.length >> 1;
  const overhead = calib.length === 0 ? 0 : calib.length % 2 ? calib[mid] : (calib[mid - 1] + calib[mid]) / 2;
  return lines.filter((l) => !l.startsWith('c ')).map((l) => Math.max(1, Number(l) - overhead) / 1e9);
};

/** One `vmbench run --command` (extra: --target and its options); returns the result of `place` on the run's target(s). */
function appRun({ env, project, jsonFile, extra = [], place }) {
  const r = spawnSync(
    process.execPath,
    [
      bin,
      'run',
      '--command',
      COMMAND.command,
      '--project',
      project,
      '--prepare',
      COMMAND.prepare,
      '--warmup',
      String(COMMAND.warmup),
      '--runs',
      String(COMMAND.runs),
      ...extra,
      '--json',
      jsonFile,
    ],
    { env, encoding: 'utf8', timeout: 1_800_000 },
  );
  if (r.status !== 0) throw new Error(`vmbench run --command failed (exit ${r.status}): ${r.stderr.slice(-2000)}`);
  const targets = JSON.parse(readFileSync(jsonFile, 'utf8')).targets;
  for (const t of targets) {
    const res = t.results.find((x) => x.test === 'command' && x.place === place);
    if (res) return { target: t, result: res };
  }
  throw new Error(`vmbench run --command has no result in ${place}`);
}

/** A trial's seconds as milliseconds, for abab's pair lines. */
const ms = (x) => (Number.isFinite(x) ? `${(x * 1000).toFixed(1)} ms` : 'n/a');

const fmtS = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  const med = s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  return `median ${(med * 1000).toFixed(1)} ms (min ${(s[0] * 1000).toFixed(1)}, max ${(s[s.length - 1] * 1000).toFixed(1)}, n=${s.length})`;
};

/** native: the app on this machine vs hyperfine by hand in a copy beside the project. */
async function nativePlace({ work, project, pairs, say }) {
  const home = mkdtempSync(join(work, 'home-native-'));
  const env = { ...process.env, VMBENCH_HOME: home };
  const found = spawnSync('hyperfine', ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) return say('native: n/a (hyperfine not found: apt-get install hyperfine)');
  const version = hyperfineVersion(found.stdout);
  let first = null;
  const app = () => {
    const { target, result } = appRun({ env, project, jsonFile: join(home, 'run.json'), place: 'native' });
    first ??= { target, result };
    return { native: result.samples.wall_s };
  };
  const byHand = () => {
    const dir = byHandFolder(dirname(project));
    mkdirSync(dir);
    try {
      const copy = join(dir, 'project');
      execFileSync('cp', ['-pR', project, copy]); // as the app's script copies it
      const json = join(dir, 'hyperfine.json');
      // stderr kept for a failure's message (execFileSync's error), not printed: hyperfine's outlier warnings would break the lines
      execFileSync(...ownSession('hyperfine', hyperfineArgs(COMMAND, json)), { cwd: copy, stdio: ['ignore', 'ignore', 'pipe'] });
      return hyperfineTimes(readFileSync(json, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  say(`native: app (vmbench run --command) vs hyperfine ${version} by hand, each in its own scratch copy beside the project`);
  const results = await abab({ places: ['native'], pairs, app, byHand, say: (s) => say(`   ${s}`), format: ms });
  if (first) say(`   app's method: ${first.result.tool?.method ?? 'n/a'}`);
  say(`   all trials: app ${fmtS(results.native.app)}; hyperfine ${fmtS(results.native.byHand)}`);
  await recordRound({
    results,
    places: {
      native: { place: 'native', test: 'command', metric: 'wall_s', transport: 'local', emulated: false, fio: version, tool: 'hyperfine', workload: WORKLOAD },
    },
    say: (s) => say(`   ${s}`),
  });
}

/** docker shared: the app's docker transport vs the same command timed by hand with `docker exec` in a container of the same image, same bind mount. */
async function dockerPlace({ work, project, pairs, say, image = 'vmbench-guest:local' }) {
  const { perfContextEnv, startDockerd, startIdleContainer } = await import('./perf-docker.mjs');
  const home = mkdtempSync(join(work, 'home-docker-'));
  const daemon = await startDockerd(mkdtempSync(join(work, 'dockerd-')), join(work, 'docker-data'));
  const name = `vmbench-perf-command-${process.pid}`;
  const docker = (args) => execFileSync('docker', ['-H', daemon.host, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 600_000 });
  try {
    execFileSync('sh', [join(repo, 'scripts', 'build-test-image.sh')], {
      env: { ...process.env, DOCKER_HOST: daemon.host },
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 1_800_000,
    });
    const env = perfContextEnv(work, daemon.host, home);
    const server = docker(['version', '--format', '{{.Server.Version}}']).trim();
    // The by-hand container: the project's folder at /vmbench/shared, as the docker transport mounts it for a command run.
    startIdleContainer(docker, name, image, ['-v', `${dirname(project)}:/vmbench/shared`]);
    const dateVersion = docker(['exec', name, 'date', '--version']).split('\n')[0].trim().split(/\s+/).pop();
    let first = null;
    const app = () => {
      const { target, result } = appRun({
        env,
        project,
        jsonFile: join(home, 'run.json'),
        extra: ['--target', 'docker:vmbench-perf', '--places', 'shared', '--image', image],
        place: 'shared',
      });
      first ??= { target, result };
      return { docker: result.samples.wall_s };
    };
    const byHand = () => {
      const out = docker([
        'exec',
        name,
        'sh',
        '-c',
        CONTAINER_TIMER,
        'sh',
        `/vmbench/shared/${basename(project)}`,
        byHandFolder('/vmbench/shared'),
        COMMAND.command,
        COMMAND.prepare,
        String(COMMAND.warmup),
        String(COMMAND.runs),
      ]);
      return timerSeconds(out);
    };
    say(
      `docker (shared: the project's folder bind-mounted): dockerd ${server} (private, --bridge=none), image ${image} (no hyperfine in it): app (docker transport) vs a docker exec sh loop timing sh -c CMD with date +%s%N (coreutils ${dateVersion}), each in its own scratch copy beside the project on the bind mount`,
    );
    const results = await abab({ places: ['docker'], pairs, app, byHand, say: (s) => say(`   ${s}`), format: ms });
    if (first) say(`   app's method: ${first.result.tool?.method ?? 'n/a'}`);
    say(`   all trials: app ${fmtS(results.docker.app)}; by hand ${fmtS(results.docker.byHand)}`);
    await recordRound({
      results,
      places: {
        docker: {
          place: 'shared',
          test: 'command',
          metric: 'wall_s',
          transport: 'docker',
          emulated: false,
          fio: dateVersion,
          tool: 'date +%s%N',
          workload: WORKLOAD,
        },
      },
      say: (s) => say(`   ${s}`),
    });
  } finally {
    try {
      docker(['rm', '-f', name]);
    } catch {
      /* never started */
    }
    await daemon.stop();
  }
}

/** What the pairs time, part of the ledger's key: another command or project size is another key. */
export const WORKLOAD = `sh -c '${COMMAND.command}' (prepare ${COMMAND.prepare}, ${COMMAND.warmup} warm-up, ${COMMAND.runs} runs) in a generated git repository of ${PROJECT_FILES} files`;

/** Section 7: one round of pairs per place; a place that cannot run (no hyperfine, not root for dockerd) says why and the others go on. */
export async function commandPerf({ pairs = DEFAULT_PAIRS, places = PLACES, say = (s) => process.stdout.write(`${s}\n`) } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'vmbench-perf-command-'));
  try {
    const project = join(work, 'projects', 'myapp');
    mkdirSync(project, { recursive: true });
    makeGitProject(project, PROJECT_FILES);
    const goal = FIDELITY_GOAL.native;
    say(
      `your own command: ${WORKLOAD}; ${ORDER_TEXT}, each after a write-back settle; per round: ratio app / by hand [95% interval] (goal: ${GOAL_TEXT}); pooled: 90% interval within ${goal.lo.toFixed(2)}–${goal.hi.toFixed(2)}; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    for (const place of places) {
      try {
        if (place === 'native') await nativePlace({ work, project, pairs, say });
        else if (place === 'docker') {
          if (process.getuid?.() !== 0) say('docker: n/a (the private dockerd needs root)');
          else await dockerPlace({ work, project, pairs, say });
        } else say(`${place}: n/a (not a place of this section: ${PLACES.join(', ')})`);
      } catch (err) {
        say(`${place}: n/a: ${err.message}`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { pairs: { type: 'string' }, places: { type: 'string' } } });
  await commandPerf({ pairs: values.pairs ? Number(values.pairs) : undefined, places: values.places?.split(',') }).catch((err) => {
    process.stderr.write(`perf-command: ${err.message}\n`);
    process.exitCode = 1;
  });
}
