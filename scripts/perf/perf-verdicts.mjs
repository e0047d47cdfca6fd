// `npm run perf`'s verdicts section (issue 42): one `vmbench run` of the quick suite, timed from its start (the click) to
// each place's verdict line (the CLI prints "★ verdict: …" as each headline lands) and to the whole run; then each
// headline's median against the full-length seq-write of the same place in the same run, as a ratio (headline ÷ full)
// with its 95% interval, as Compare computes it (welchLogRatio on every trial of both sides). Figures, not pass/fail.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareStats } from './perf-abab.mjs';

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Runs `vmbench run --suite quick` with `args` (e.g. ['--target', 'docker:x']) and returns the section's lines.
 * `bin` is bin/vmbench.js, `env` the environment (its own VMBENCH_HOME), `dir` where the run's JSON goes.
 */
export async function verdictsPerf({ bin, env, dir, args = [], name = 'native' }) {
  const file = join(dir, `verdicts-${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const t0 = Date.now();
  const verdicts = [];
  const child = spawn(process.execPath, [bin, 'run', '--suite', 'quick', '--lang', 'en', ...args, '--json', file], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let buf = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    buf += chunk;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i).trim();
      buf = buf.slice(i + 1);
      const m = /★ verdict: (.*)$/.exec(line);
      if (m) verdicts.push({ sec: (Date.now() - t0) / 1000, text: m[1] });
    }
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  const wall = (Date.now() - t0) / 1000;
  const lines = [];
  if (code !== 0 && code !== 3) return [`n/a: vmbench run exited with ${code}`];
  for (const v of verdicts) lines.push(`${v.sec.toFixed(1).padStart(6)} s  ${v.text}`);
  const last = verdicts.at(-1)?.sec;
  lines.push(`every verdict in ${last === undefined ? 'n/a' : `${last.toFixed(1)} s`} (goal <= 180 s), the whole run ${wall.toFixed(1)} s`);
  // Fidelity: the headline's short trials against the full-length seq-write of the same place, same run.
  const { welchLogRatio, formatInterval } = await compareStats();
  const run = JSON.parse(readFileSync(file, 'utf8'));
  for (const t of run.targets) {
    for (const h of t.headlines ?? []) {
      const full = t.results.find((r) => r.test === h.test && r.place === h.place);
      const metric = h.trials?.metric ?? 'write_MBps';
      const a = full?.samples[metric] ?? [];
      const b = h.samples[metric] ?? [];
      if (!a.length || !b.length) continue;
      const e = welchLogRatio(a, b);
      const inside = e ? e.lo <= 1 && 1 <= e.hi : false;
      lines.push(
        `${t.id} ${h.place} ${h.test}: headline ${median(b).toFixed(0)} (n=${b.length}, ${h.params.sizeMiB} MiB) ÷ full ${median(a).toFixed(0)} (n=${a.length}, ${full.params.sizeMiB} MiB) = ${e ? formatInterval(e.ratio, [e.lo, e.hi], 'en') : 'n/a'}${e ? (inside ? ' — 1 within the interval' : ' — 1 OUTSIDE the interval') : ''}`,
      );
    }
  }
  return lines;
}

/**
 * Section 2d across runtimes (root, Linux): one quick run of This machine, a private dockerd's container (bind mount,
 * container disk, volume) and the libvirt test guest (9p share, guest disk), timed from its start to each verdict and to
 * the end. Starts and removes the dockerd and the guest itself; returns the section's lines.
 */
export async function verdictsAcrossRuntimes({ log = (s) => process.stderr.write(`perf-verdicts: ${s}\n`) } = {}) {
  const { startDockerd, perfContextEnv } = await import('./perf-docker.mjs');
  const { buildGuestImage, startTestGuest } = await import('../libvirt-test-guest.mjs');
  const { execFileSync, spawnSync } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const repo = join(import.meta.dirname, '../..');
  const uri = 'qemu:///system';
  const work = mkdtempSync(join(tmpdir(), 'vmbench-perf-verdicts-'));
  const home = mkdtempSync(join(repo, '.vmbench-tmp-perf-verdicts-'));
  let daemon;
  let guest;
  try {
    const setup = spawnSync('sh', [join(repo, 'scripts', 'setup-live.sh')], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 900_000 });
    if (setup.status !== 0) throw new Error('scripts/setup-live.sh failed');
    daemon = await startDockerd(work, join(home, 'docker-data'));
    execFileSync('sh', [join(repo, 'scripts', 'build-test-image.sh')], {
      env: { ...process.env, DOCKER_HOST: daemon.host },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    guest = await startTestGuest({ image: buildGuestImage(), name: `vmbench-perf-verdicts-${process.pid}`, uri, withShare: true, log });
    log(`test guest ${guest.name} answered ${(guest.bootMs / 1000).toFixed(1)} s after start`);
    const env = { ...perfContextEnv(work, daemon.host, home), VMBENCH_LIBVIRT_URI: uri };
    const targets = ['local', 'docker:vmbench-perf', `libvirt:${guest.name}`].flatMap((t) => ['--target', t]);
    return await verdictsPerf({ bin: join(repo, 'bin', 'vmbench.js'), env, dir: home, args: [...targets, '--image', 'vmbench-guest:local'], name: 'runtimes' });
  } finally {
    await guest?.stop();
    await daemon?.stop();
    rmSync(home, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

// `node scripts/perf/perf-verdicts.mjs` (root): section 2d across runtimes alone (needs the built CLI: npm run build:engine).
if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
  for (const l of await verdictsAcrossRuntimes()) process.stdout.write(`${l}\n`);
}
