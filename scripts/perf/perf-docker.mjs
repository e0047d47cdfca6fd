// Figures for the docker transport, not pass/fail: the rand-read IOPS vmbench reports from inside a
// container (`vmbench run --target docker:<context> --tests rand-read`) vs fio run by hand with
// `docker run` on the same image, in the same place (the same host folder for `shared`), with the
// same fio job (the command the result recorded). Goal: GOAL_TEXT of perf-abab.mjs (the transport adds nothing).
//
//   node scripts/perf/perf-docker.mjs [--host unix:///path/docker.sock] [--image IMAGE] [--places shared,guest,volume] [--pairs N]
// App runs and by-hand runs alternate in each place in counterbalanced pairs (scripts/perf/perf-abab.mjs; the app
// measures one place per run with --places), each after a write-back settle.
//
// Without --host (or VMBENCH_PERF_DOCKER_HOST) it starts a private dockerd (root; --bridge=none
// --iptables=false, as the tests do) and loads vmbench-guest:local with scripts/build-test-image.sh.
// Needs the built CLI (npm run build:engine). Importable: runDockerPerf({ out }) from perf.mjs.
// The pairs go to perf's ledger, which prints each place's ratio pooled across rounds (scripts/perf/perf-ledger.mjs).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { DEFAULT_PAIRS, GOAL_TEXT, ORDER_TEXT, abab, byHandFolder, settle } from './perf-abab.mjs';
import { recordRound } from './perf-ledger.mjs';

const repo = join(import.meta.dirname, '../..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A private dockerd like the tests' one (data on a real disk): no bridge, no iptables, pulls only ever reach a closed loopback port (also perf-command.mjs). */
export async function startDockerd(root, dataRoot) {
  const socket = join(root, 'docker.sock');
  const host = `unix://${socket}`;
  const proxy = 'http://127.0.0.1:9';
  const child = spawn(
    'dockerd',
    [
      '--bridge=none',
      '--iptables=false',
      '--ip-masq=false',
      `--data-root=${dataRoot}`,
      `--exec-root=${join(root, 'exec')}`,
      `--pidfile=${join(root, 'dockerd.pid')}`,
      '-H',
      host,
    ],
    {
      stdio: 'ignore',
      env: { ...process.env, HTTP_PROXY: proxy, HTTPS_PROXY: proxy, NO_PROXY: '' },
    },
  );
  for (let i = 0; i < 120; i++) {
    if (spawnSync('docker', ['-H', host, 'version'], { stdio: 'ignore', timeout: 10_000 }).status === 0) {
      return {
        host,
        stop: async () => {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await Promise.race([exited, sleep(20_000)]);
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        },
      };
    }
    if (child.exitCode !== null) throw new Error(`dockerd exited with code ${child.exitCode}`);
    await sleep(500);
  }
  child.kill('SIGKILL');
  throw new Error('dockerd did not answer within 60 s');
}

/**
 * Starts an idle by-hand container of `image` (no network, perf's label, `mounts` as docker run's -v arguments) that waits
 * for `docker exec` until it is removed.
 */
export function startIdleContainer(docker, name, image, mounts) {
  docker([
    'run',
    '-d',
    '--name',
    name,
    '--network',
    'none',
    '--label',
    'dev.vmbench.perf=1',
    ...mounts,
    '--entrypoint',
    'sh',
    image,
    '-c',
    'trap "exit 0" TERM; while :; do sleep 3600 & wait $!; done',
  ]);
}

/**
 * The environment of perf's `vmbench run` against the private dockerd at `host`: a docker context `vmbench-perf` in a config
 * folder of its own under `work`, the data folder `home`, and no DOCKER_HOST/DOCKER_CONTEXT of the caller's.
 */
export function perfContextEnv(work, host, home) {
  const config = join(work, 'docker-config');
  execFileSync('docker', ['context', 'create', 'vmbench-perf', '--docker', `host=${host}`], {
    env: { ...process.env, DOCKER_CONFIG: config },
    stdio: 'ignore',
  });
  const env = { ...process.env, VMBENCH_HOME: home, DOCKER_CONFIG: config };
  delete env.DOCKER_HOST;
  delete env.DOCKER_CONTEXT;
  return env;
}

/** fio's IOPS from its JSON output (text may carry warnings before the object). */
const iopsOf = (text) => JSON.parse(text.slice(text.indexOf('{'))).jobs.reduce((s, j) => s + j.read.iops, 0);

/** Runs the recorded fio job by hand in a fresh container of the same image, in the same place; returns the IOPS of each trial. */
function direct(docker, image, result, place, sharedDir) {
  const dir = byHandFolder(`/vmbench/${place}`);
  const file = `${dir}/rand-read.dat`;
  const words = result.command.split(' ');
  if (words[0] !== 'fio') return null;
  const argv = words
    .slice(1)
    .map((w) => (w.startsWith('--filename=') ? `--filename=${file}` : w.startsWith('--output=') ? '--output=/tmp/perf-direct.json' : w));
  const mounts = place === 'shared' ? ['-v', `${sharedDir}:/vmbench/shared`] : place === 'volume' ? ['-v', 'vmbench-perf-direct:/vmbench/volume'] : [];
  const name = `vmbench-perf-direct-${process.pid}`;
  startIdleContainer(docker, name, image, mounts);
  try {
    const exec = (args) => docker(['exec', name, ...args]);
    exec(['mkdir', '-p', dir]);
    const directFlag = result.params.direct === false ? 0 : 1;
    exec([
      'fio',
      '--name=prepare',
      '--thread',
      `--filename=${file}`,
      '--rw=write',
      '--bs=1m',
      `--size=${result.params.sizeMiB}m`,
      '--ioengine=psync',
      `--direct=${directFlag}`,
      '--end_fsync=1',
      '--refill_buffers',
      '--randrepeat=0',
      '--eta=never',
      '--output-format=json',
      '--output=/tmp/prepare.json',
    ]);
    settle(); // as rand-read.sh does between its prepare and its first trial (a container shares this kernel's counters)
    const values = [];
    for (let i = 0; i < Number(result.params.trials ?? 3); i++) {
      exec(['fio', ...argv]);
      values.push(iopsOf(exec(['cat', '/tmp/perf-direct.json'])));
    }
    exec(['rm', '-rf', dir]);
    return { values, command: ['docker', 'exec', name, 'fio', ...argv].join(' ') };
  } finally {
    docker(['rm', '-f', name]);
    if (place === 'volume') docker(['volume', 'rm', '-f', 'vmbench-perf-direct']);
  }
}

/** Measures and prints; returns the printed lines. */
export async function runDockerPerf({
  host = process.env.VMBENCH_PERF_DOCKER_HOST,
  image = 'vmbench-guest:local',
  places = ['shared', 'guest', 'volume'],
  pairs = DEFAULT_PAIRS,
  out = (s) => process.stdout.write(`${s}\n`),
} = {}) {
  const lines = [];
  const say = (s) => (lines.push(s), out(s));
  const work = mkdtempSync(join(tmpdir(), 'vmbench-perf-docker-'));
  const home = mkdtempSync(join(repo, '.vmbench-tmp-perf-docker-'));
  let daemon;
  try {
    if (!host) {
      daemon = await startDockerd(work, join(home, 'docker-data'));
      host = daemon.host;
      execFileSync('sh', [join(repo, 'scripts', 'build-test-image.sh')], {
        env: { ...process.env, DOCKER_HOST: host },
        stdio: ['ignore', 'ignore', 'inherit'],
        timeout: 1_800_000,
      });
    }
    const docker = (args) => execFileSync('docker', ['-H', host, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
    const env = perfContextEnv(work, host, home);
    const server = docker(['version', '--format', '{{.Server.Version}}']).trim();
    const jsonFile = join(home, 'run.json');
    let first = null;
    const jobs = {}; // place -> the app's latest rand-read result there (its recorded job is what fio by hand repeats)
    // One app run per place (vmbench run --places), right beside that place's by-hand trials: a place is never
    // the app run's first while the by-hand side starts each place in a fresh container.
    const app = (_i, place) => {
      const r = spawnSync(
        process.execPath,
        [
          join(repo, 'bin', 'vmbench.js'),
          'run',
          '--target',
          'docker:vmbench-perf',
          '--suite',
          'quick',
          '--tests',
          'rand-read',
          '--places',
          place,
          '--image',
          image,
          '--json',
          jsonFile,
        ],
        { env, encoding: 'utf8', timeout: 1_800_000 },
      );
      if (r.status !== 0) throw new Error(`vmbench run failed (exit ${r.status}): ${r.stderr.slice(-2000)}`);
      const target = JSON.parse(readFileSync(jsonFile, 'utf8')).targets[0];
      if (!first) {
        first = target;
        say(`docker transport — dockerd ${server}, image ${image}, fio ${target.probe?.tools?.fio ?? 'not found'}, ${target.probe?.cpus ?? '?'} CPUs`);
        say(
          `rand-read IOPS: app (docker transport) vs fio by hand with docker run (same image, same place, same job), ${ORDER_TEXT} in each place (the app measuring one place per run, --places), each after a write-back settle; ratio app / by hand [95% interval] as Compare computes it; goal: ${GOAL_TEXT}`,
        );
        for (const e of target.errors) say(`(app) ${e.place}: ${e.code} ${e.message}`);
      }
      const res = target.results.find((x) => x.test === 'rand-read' && x.place === place);
      if (res) jobs[place] = res;
      return { [place]: res?.samples?.read_iops ?? [] };
    };
    const byHand = (_i, place) => (jobs[place] ? (direct(docker, image, jobs[place], place, join(home, 'scratch-shared'))?.values ?? []) : []);
    const results = await abab({ places, pairs, app, byHand, say, appPerPlace: true });
    const job = first?.results.find((x) => x.test === 'rand-read');
    if (job) say(`job: ${job.command.replace(/\/\.vmbench-[^/]+\//g, '/…/')}`);
    const fio = first?.probe?.tools?.fio ?? 'unknown';
    const keys = (p) => ({ place: p, test: 'rand-read', metric: 'read_iops', transport: 'docker', emulated: false, fio });
    await recordRound({ results, places: Object.fromEntries(places.map((p) => [p, keys(p)])), say });
  } finally {
    await daemon?.stop();
    rmSync(home, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { host: { type: 'string' }, image: { type: 'string' }, places: { type: 'string' }, pairs: { type: 'string' } } });
  await runDockerPerf({
    host: values.host,
    image: values.image,
    places: values.places?.split(','),
    pairs: values.pairs ? Number(values.pairs) : undefined,
  }).catch((err) => {
    process.stderr.write(`perf-docker: ${err.message}\n`);
    process.exitCode = 1;
  });
}
