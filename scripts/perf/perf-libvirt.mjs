// Figures, not pass/fail: rand-read IOPS as the app reports them through the libvirt guest-agent
// transport vs the same fio job (the result's recorded command) run by hand through guest-exec in
// the same folder of the same guest, for every place (shared 9p folder, guest disk).
//
//   node scripts/perf/perf-libvirt.mjs [--domain NAME] [--uri URI] [--pairs N]
// App runs and by-hand runs alternate (scripts/perf/perf-abab.mjs), each after a write-back settle in the guest; the
// pairs go to perf's ledger, which prints each place's ratio pooled across rounds (scripts/perf/perf-ledger.mjs).
//
// Without --domain it builds (or reuses) the test guest image, boots a TCG test domain, measures and
// removes the domain again (root needed). Needs the built CLI (npm run build:engine). Exported:
// perfLibvirt({ domain, uri, out }) for scripts/perf/perf.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildGuestImage, guestExec, startTestGuest } from '../libvirt-test-guest.mjs';
import { DEFAULT_PAIRS, GOAL_TEXT, ORDER_TEXT, abab, byHandFolder, parseSettle, settleScript } from './perf-abab.mjs';
import { recordRound } from './perf-ledger.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs fio in the guest with an argument array; returns its parsed JSON output. `wait`: guestExec's quietMs and pollMs. */
async function guestFio(uri, domain, args, wait) {
  const r = await guestExec(uri, domain, '/bin/sh', ['-c', 'exec fio "$@"', 'fio', ...args], 600_000, wait);
  if (r.exitCode !== 0) throw new Error(`fio in the guest failed (${r.exitCode}): ${r.stderr.slice(-400)}`);
  return JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
}

/** Settles write-back inside the guest (its dirty pages are the ones that slow its disk): lib.sh's vb_settle through guest-exec. */
async function guestSettle(uri, domain) {
  const r = await guestExec(uri, domain, '/bin/sh', ['-c', settleScript()], 120_000);
  return parseSettle(r.stdout);
}

/** The same rand-read job as the app's result, run by hand in the same folder of the guest. */
async function byHand(uri, domain, result) {
  const words = result.command.split(' ');
  const file = words.find((w) => w.startsWith('--filename='))?.slice('--filename='.length);
  if (words[0] !== 'fio' || !file) throw new Error(`not a fio command: ${result.command}`);
  const folder = dirname(dirname(file)); // <place dir>/.vmbench-PID-RAND/rand-read.dat
  const work = byHandFolder(folder);
  const target = `${work}/rand-read.dat`;
  const argv = words
    .slice(1)
    .filter((w) => !w.startsWith('--output='))
    .map((w) => (w.startsWith('--filename=') ? `--filename=${target}` : w));
  await guestExec(uri, domain, '/bin/mkdir', ['-p', '--', work]);
  try {
    const direct = result.params.direct === false ? 0 : 1;
    await guestFio(uri, domain, [
      '--name=prepare',
      '--thread',
      `--filename=${target}`,
      '--rw=write',
      '--bs=1m',
      `--size=${result.params.sizeMiB}m`,
      '--ioengine=psync',
      `--direct=${direct}`,
      '--end_fsync=1',
      '--refill_buffers',
      '--randrepeat=0',
      '--eta=never',
      '--output-format=json',
    ]);
    await guestSettle(uri, domain); // as rand-read.sh does between its prepare and its first trial
    // A trial's length is known (ramp + runtime): wait it out without a call, then ask every 0.5 s. Asked every
    // 0.3 s all along, the same job read 11% lower in the TCG guest (10 + 10 alternating runs, 2026-11-27: a hint
    // within this guest's noise, not a proof; the by-hand side has no reason to pay it either way).
    const wait = { quietMs: (Number(result.params.rampS ?? 0) + Number(result.params.runtimeS ?? 0)) * 1000, pollMs: 500 };
    const values = [];
    for (let i = 0; i < Number(result.params.trials ?? 3); i++) {
      const j = await guestFio(uri, domain, argv, wait);
      values.push(j.jobs.reduce((s, job) => s + job.read.iops, 0));
    }
    return { values, command: ['fio', ...argv].join(' ') };
  } finally {
    await guestExec(uri, domain, '/bin/rm', ['-rf', '--', work]).catch(() => undefined);
  }
}

/** Measures one running domain: the app's rand-read in every place vs fio by hand, alternating in counterbalanced pairs; prints through out(). */
export async function perfLibvirt({ domain, uri = 'qemu:///system', pairs = DEFAULT_PAIRS, out = (s) => process.stdout.write(`${s}\n`) }) {
  const bin = join(root, 'bin', 'vmbench.js');
  if (!existsSync(join(root, 'dist', 'cli.js'))) throw new Error('the CLI is not built: run npm run build:engine first');
  const home = mkdtempSync(join(tmpdir(), 'vmbench-perf-libvirt-'));
  try {
    const env = { ...process.env, VMBENCH_HOME: home, VMBENCH_LIBVIRT_URI: uri };
    let t = null;
    let places = null;
    const appRun = () => {
      const r = spawnSync(
        process.execPath,
        [bin, 'run', '--target', `libvirt:${domain}`, '--suite', 'quick', '--tests', 'rand-read', '--json', join(home, 'run.json')],
        { env, encoding: 'utf8', timeout: 1_800_000 },
      );
      if (r.status !== 0) throw new Error(`vmbench run failed (${r.status}): ${r.stderr.slice(-1000)}`);
      t = JSON.parse(readFileSync(join(home, 'run.json'), 'utf8')).targets[0];
      return t;
    };
    // The places come from a first app run, which is not counted (it also warms the guest's caches of the tools).
    appRun();
    places = t.results.filter((x) => x.test === 'rand-read').map((x) => x.place);
    out(
      `libvirt ${domain}: vmType ${t.settings.vmType}, ${t.probe?.cpus ?? '?'} vCPUs, fio ${t.probe?.tools?.fio ?? '?'}, ${t.settings.mountType} share; places ${places.join(', ')} (a first app run, not counted, found them)`,
    );
    out(
      `rand-read IOPS: app (guest-agent transport) vs the same fio job by hand through guest-exec, same folder, ${ORDER_TEXT}, each after a write-back settle in the guest; ratio app / by hand [95% interval] as Compare computes it; goal: ${GOAL_TEXT}`,
    );
    for (const e of t.errors) out(`   ${e.place}: error ${e.code}: ${e.message}`);
    const results = await abab({
      places,
      pairs,
      settleIn: () => guestSettle(uri, domain),
      app: () => Object.fromEntries(places.map((p) => [p, appRun().results.find((x) => x.test === 'rand-read' && x.place === p)?.samples?.read_iops ?? []])),
      byHand: async (_i, place) => {
        const res = t.results.find((x) => x.test === 'rand-read' && x.place === place);
        return res ? (await byHand(uri, domain, res)).values : [];
      },
      say: (s) => out(`   ${s}`),
    });
    const fio = t.probe?.tools?.fio ?? 'unknown';
    const emulated = t.settings.vmType === 'qemu'; // a TCG domain: the goal is 0.90–1.10
    const keys = (p) => ({ place: p, test: 'rand-read', metric: 'read_iops', transport: 'libvirt', emulated, fio });
    await recordRound({ results, places: Object.fromEntries(places.map((p) => [p, keys(p)])), say: (s) => out(`   ${s}`) });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const uri = opt('--uri') ?? process.env.VMBENCH_LIBVIRT_URI ?? 'qemu:///system';
  let domain = opt('--domain');
  let guest;
  try {
    if (!domain) {
      const log = (s) => process.stderr.write(`perf-libvirt: ${s}\n`);
      const setup = spawnSync('sh', [join(root, 'scripts', 'setup-live.sh')], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 900_000 });
      if (setup.status !== 0) throw new Error('scripts/setup-live.sh failed');
      const image = buildGuestImage();
      guest = await startTestGuest({ image, name: `vmbench-perf-${process.pid}`, uri, log });
      log(`test guest ${guest.name} answered ${(guest.bootMs / 1000).toFixed(1)} s after start`);
      domain = guest.name;
    }
    await perfLibvirt({ domain, uri, pairs: opt('--pairs') ? Number(opt('--pairs')) : undefined });
  } finally {
    await guest?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    process.stderr.write(`perf-libvirt: ${err.stack ?? err}\n`);
    process.exit(1);
  });
}
