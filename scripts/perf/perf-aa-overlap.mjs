// `npm run perf:aa -- --overlap` (root, Linux): the A/A of set-up ahead of time (electron/engine/bench/overlap.ts) — a figure,
// not a test. N pairs of two runs of the same setup, one with set-up ahead (the default) and one without
// (VMBENCH_OVERLAP=1 and 0), the order alternating from pair to pair, each pair compared with `vmbench compare --json`
// (Compare's own family-wise rule). Each run is the headlines of This machine and of a private dockerd's container disk and
// volume (`--headlines-only`, seq-write): set-up ahead only ever overlaps the steps before a target's first.
//
// On one disk the rule lets nothing overlap, so both arms would be the same run. So This machine's test folder is put on a
// second block device: a zram disk (RAM-backed, its own device in /sys/block; made with zramctl, ext4, removed at the end),
// while the dockerd's data stays on the real disk. Then the Docker target's set-up (ping, image check, container and volume,
// the probe) may run while This machine's headline is measured, and does in the "with" arm; the run's log says so ("… is
// set up while the first tests run"), and this prints how many runs of each arm did.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareStats } from './perf-abab.mjs';
import { perfContextEnv, startDockerd } from './perf-docker.mjs';

const repo = join(import.meta.dirname, '../..');
const bin = join(repo, 'bin', 'vmbench.js');
const AHEAD = /is set up while the first tests run/;

/**
 * Runs the A/A of set-up ahead: `pairs` pairs, printed through `say`. With `control`, every other pair is a control pair
 * whose two runs are both without set-up ahead: how often Compare flags two runs of the same setup at this time, on this
 * machine, beside which the pairs with set-up ahead are judged (their flags are the overlap's only beyond the control's).
 */
export async function overlapAa({ pairs, say, control = false, keep }) {
  if (process.getuid?.() !== 0 || process.platform !== 'linux') throw new Error('--overlap needs root on Linux (a private dockerd, a zram disk)');
  // The zram disk is mounted in a mount namespace of this script's own (it runs itself again under unshare): a VM that
  // libvirt starts meanwhile copies the host's mounts into its namespace and would keep the disk busy after the end.
  if (process.env.VMBENCH_AA_OWN_NS !== '1') {
    const again = spawnSync('unshare', ['--mount', '--propagation', 'private', process.execPath, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, VMBENCH_AA_OWN_NS: '1' },
    });
    if (again.status !== 0) throw new Error(`the A/A in its own mount namespace exited with ${again.status ?? again.signal}`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'vmbench-perf-aa-overlap-'));
  const home = mkdtempSync(join(repo, '.vmbench-tmp-perf-aa-overlap-'));
  const scratch = join(home, 'scratch');
  let zram;
  let daemon;
  try {
    spawnSync('modprobe', ['zram']);
    zram = execFileSync('zramctl', ['--find', '--size', '3G'], { encoding: 'utf8' }).trim();
    execFileSync('mkfs.ext4', ['-q', '-F', zram]);
    mkdirSync(scratch, { recursive: true });
    execFileSync('mount', [zram, scratch]);
    daemon = await startDockerd(work, join(home, 'docker-data'));
    execFileSync('sh', [join(repo, 'scripts', 'build-test-image.sh')], {
      env: { ...process.env, DOCKER_HOST: daemon.host },
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 1_800_000,
    });
    const env = perfContextEnv(work, daemon.host, home);
    const vmbench = (args, extra = {}) => {
      const r = spawnSync(process.execPath, [bin, ...args], { env: { ...env, ...extra }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 1_800_000 });
      if (r.status !== 0) throw new Error(`vmbench ${args.join(' ')} exited with ${r.status ?? r.signal}:\n${(r.stderr ?? '').slice(-2000)}`);
      return r;
    };
    const { formatInterval } = await compareStats();
    say(
      `vmbench perf:aa --overlap — ${new Date().toISOString()} — ${pairs} pair(s) of a run with set-up ahead and one without (VMBENCH_OVERLAP=1 and 0), the order alternating; This machine on ${zram} (zram, ext4), the private dockerd's data on the real disk; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    const clean = { test: 0, control: 0 };
    const count = { test: 0, control: 0 };
    const ahead = { with: 0, without: 0 };
    for (let i = 1; i <= pairs; i++) {
      // With a control: pairs 1, 3, 5 ... are tests and 2, 4, 6 ... controls; each kind alternates which arm goes first.
      const kind = control && i % 2 === 0 ? 'control' : 'test';
      count[kind]++;
      const arms = count[kind] % 2 ? ['with', 'without'] : ['without', 'with'];
      const ids = {};
      for (const arm of arms) {
        const file = join(home, `pair-${i}-${arm}.json`);
        const t0 = Date.now();
        const r = vmbench(
          [
            'run',
            '--target',
            'local',
            '--target',
            'docker:vmbench-perf',
            '--places',
            'native,guest,volume',
            '--suite',
            'quick',
            '--tests',
            'seq-write',
            '--headlines-only',
            '--image',
            'vmbench-guest:local',
            '--json',
            file,
          ],
          { VMBENCH_OVERLAP: arm === 'with' && kind === 'test' ? '1' : '0' },
        );
        const wentAhead = AHEAD.test(r.stdout + r.stderr);
        if (wentAhead && kind === 'test') ahead[arm]++;
        ids[arm] = JSON.parse(readFileSync(file, 'utf8')).id;
        if (keep) {
          mkdirSync(keep, { recursive: true });
          copyFileSync(file, join(keep, `pair-${i}-${kind === 'control' ? (arm === 'with' ? 'B' : 'A') : arm}.json`));
        }
        say(
          `   pair ${i}${kind === 'control' ? ' (control)' : ''} ${kind === 'control' ? `run ${arm === 'with' ? 'B' : 'A'}` : `${arm} set-up ahead`}: ${ids[arm]} (${((Date.now() - t0) / 1000).toFixed(0)} s${wentAhead ? ', the Docker target was set up during the first headline' : ''})`,
        );
      }
      const cmp = JSON.parse(vmbench(['compare', ids.without, ids.with, '--json']).stdout);
      const flagged = cmp.rows.filter((r) => r.primary && (r.verdict === 'better' || r.verdict === 'worse'));
      if (flagged.length === 0) clean[kind]++;
      say(`pair ${i} ${kind === 'control' ? '(control, B ÷ A, both without)' : '(with ÷ without)'}: ${cmp.summary.line}`);
      say(
        flagged.length
          ? flagged.map((r) => `   flagged: ${r.target} · ${r.place} · ${r.test} ${r.metric} ${r.verdict} ${formatInterval(r.ratio, r.ci, 'en')}`).join('\n')
          : '   flagged: none',
      );
    }
    say(`set up ahead in ${ahead.with} of ${count.test} runs with it and ${ahead.without} of ${count.test} without (goal: all and none)`);
    say(`0 flagged in ${clean.test} of ${count.test} pairs (goal: ≥ 4 of 5, as two runs of the same setup)`);
    if (control) say(`control (two runs without set-up ahead, between those pairs): 0 flagged in ${clean.control} of ${count.control} pairs`);
  } finally {
    await daemon?.stop();
    spawnSync('umount', [scratch]);
    // The device may still be busy for a moment after the unmount: a few tries, then say so (its RAM stays taken until reset).
    for (let i = 0; zram && i < 20; i++) {
      if (spawnSync('zramctl', ['--reset', zram]).status === 0) zram = undefined;
      else await new Promise((r) => setTimeout(r, 500));
    }
    if (zram) process.stderr.write(`perf-aa --overlap: could not reset ${zram}: run zramctl --reset ${zram}\n`);
    rmSync(home, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}
