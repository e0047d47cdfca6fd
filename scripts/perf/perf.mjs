// `npm run perf`: figures, not pass/fail. Measured in one run on this machine:
//  1. app-reported rand-read IOPS and seq-write MB/s vs fio run directly with the same job in the same folder (scripts/perf/perf-native.mjs)
//     1., 5. and 6. keep their pairs in a ledger outside the checkout and print each place's ratio pooled across rounds
//     (90% interval, pair count, goal check; scripts/perf/perf-ledger.mjs)
//  2. wall time of the quick suite (goal <= 60 s); 2a. interval widths with and without adaptive trials (perf-trials.mjs)
// 2d. verdicts first: click to each place's verdict and to the whole run, each headline's median ÷ the full-length trial's (perf-verdicts.mjs);
//     as root, one run of this machine, a Docker Engine's three places and the libvirt test guest's two (`node scripts/perf/perf-verdicts.mjs` alone)
// 2b. the quick suite clicked in the UI: first-number latency (goal <= 5 s) and the plan's estimate ÷ actual duration
//  3. time from starting `vmbench web` to the first paint of the page (Chromium); 3a. the JS of the first load:
//     the entry chunk, all that index.html loads at once, and the chunks (its language's catalogues) fetched before the first paint
//  4. detection time of `vmbench detect`; and, with a limactl that hangs, the time from opening the page
//     until This machine's card is on screen (goal <= 1.5 s) while Lima still says "checking…"
// 4c. detection with 200 libvirt domains (test driver) and 200 Vagrant machines (goal: 2 s + the slowest timeout)
// 4d. `vmbench detect --json` with every runtime CLI hung: time until the whole list is printed (goal <= 8 s)
//  5. docker transport: rand-read IOPS vs fio by hand with `docker run` (private dockerd; needs root)
//  6. libvirt guest-agent transport: rand-read IOPS vs fio by hand through guest-exec (test guest; needs root)
//  7. your own command (`vmbench run --command`) vs hyperfine by hand natively, and vs a by-hand loop with the script's clock
//     in the Docker container (private dockerd; needs root); pairs kept in the ledger (scripts/perf/perf-command.mjs)
// `npm run perf -- --host-only` skips 5, 6 and 7's Docker place (they build/boot test guests and take several minutes).
// `npm run perf -- --only command` runs section 7 alone (`--only` takes no other section yet).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PAIRS, GOAL_TEXT, ORDER_TEXT } from './perf-abab.mjs';
import { nativeAbab } from './perf-native.mjs';
import { writeScaleFixture } from '../scale-fixture.mjs';
import { findChromium } from '../chromium-path.mjs';
import { liveRunPerf } from './perf-live.mjs';
import { trialsPerf } from './perf-trials.mjs';
import { verdictsAcrossRuntimes, verdictsPerf } from './perf-verdicts.mjs';
import { firstLoadLines } from '../build/renderer-chunks.mjs';
import { commandPerf } from './perf-command.mjs';

const root = process.cwd();
const { values: cli } = parseArgs({ options: { 'host-only': { type: 'boolean' }, pairs: { type: 'string' }, only: { type: 'string' } } });
const pairs = Number(cli.pairs ?? DEFAULT_PAIRS);
const SECTIONS = ['command'];
if (cli.only !== undefined && !SECTIONS.includes(cli.only)) {
  process.stderr.write(`perf: --only takes ${SECTIONS.join(', ')}, not ${JSON.stringify(cli.only)}\n`);
  process.exit(2);
}
/** Section 7, your own command: its header and its lines (also the whole of `--only command`). */
const commandSection = async (out) => {
  out(`7. your own command: app (vmbench run --command) vs hyperfine by hand natively, and vs a by-hand loop with the same clock in Docker`);
  await commandPerf({ pairs, places: cli['host-only'] ? ['native'] : ['native', 'docker'], say: (s) => out(`   ${s}`) });
};
if (cli.only === 'command') {
  await commandSection((s) => process.stdout.write(`${s}\n`));
  process.exit(process.exitCode ?? 0);
}
const bin = join(root, 'bin', 'vmbench.js');
const home = mkdtempSync(join(root, '.vmbench-tmp-perf-'));
const env = { ...process.env, VMBENCH_HOME: home };
const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const lines = [];
const out = (s) => {
  lines.push(s);
  process.stdout.write(s + '\n');
};

try {
  // 2. Wall time of the quick suite (whole disk suite on this machine).
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [bin, 'run', '--suite', 'quick', '--json', join(home, 'run.json')], { env, encoding: 'utf8' });
  const wall = (Date.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`vmbench run failed: ${r.stderr}`);
  const run = JSON.parse(readFileSync(join(home, 'run.json'), 'utf8'));
  const fioVersion = run.targets[0].probe?.tools?.fio ?? 'not found';

  out(
    `vmbench perf — ${new Date().toISOString()} — fio ${fioVersion}, ${run.targets[0].probe?.cpus ?? '?'} CPUs, test folder on ${run.targets[0].probe?.dirFsType ?? '?'}; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  out('');
  out(
    `1. app-reported vs fio run by hand (same job, same folder), ${ORDER_TEXT}, each after a write-back settle; ratio app / by hand [95% interval] as Compare computes it; goal: ${GOAL_TEXT}`,
  );
  await nativeAbab({ home, env, pairs, say: (s) => out(`   ${s}`) });
  out('');
  out(`2. quick suite wall time (seq-write, seq-read, rand-read, small-files; goal <= 60 s): ${wall.toFixed(1)} s`);
  // 2a. quick keeps 3 trials by default; a second run asks for up to 5 (`--max-trials 5`), as standard and thorough do.
  const ra = spawnSync(process.execPath, [bin, 'run', '--suite', 'quick', '--max-trials', '5', '--json', join(home, 'run-adaptive.json')], {
    env,
    encoding: 'utf8',
  });
  if (ra.status !== 0) throw new Error(`vmbench run --max-trials 5 failed: ${ra.stderr}`);
  const adaptive = JSON.parse(readFileSync(join(home, 'run-adaptive.json'), 'utf8'));
  out(
    '2a. adaptive trials (a second quick run with --max-trials 5): 95% interval of each primary metric without (the minimum of 3) and with the trials added while it was wider than the target',
  );
  for (const l of trialsPerf(adaptive)) out(`   ${l}`);
  // 2d. Verdicts first (perf-verdicts.mjs): click to each place's verdict and to the whole run; each headline's median ÷ the full-length trial's.
  // As root (unless --host-only): in one run, This machine, a private dockerd's three places and the libvirt test guest's two.
  const acrossRuntimes = !cli['host-only'] && process.getuid?.() === 0;
  out(
    `2d. verdicts first: a quick run of ${acrossRuntimes ? 'this machine, a Docker Engine (bind mount, container disk, volume) and the libvirt test guest (share, guest disk)' : 'this machine'}, seconds from its start to each verdict line and to the end; each headline ÷ the full-length seq-write [95% interval]`,
  );
  for (const l of acrossRuntimes ? await verdictsAcrossRuntimes() : await verdictsPerf({ bin, env, dir: home })) out(`   ${l}`);

  // 3. vmbench web: start to first paint.
  let paint = 'n/a (Chromium not installed: apt-get install chromium)';
  let firstLoad = firstLoadLines(join(root, 'dist', 'renderer'));
  let hungLine = '4b. n/a (Chromium not installed)';
  let liveLines = ['n/a (Chromium not installed)'];
  if (findChromium()) {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: findChromium(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    });
    const page = await browser.newPage();
    const start = Date.now();
    const web = spawn(process.execPath, [bin, 'web', '--port', '0'], { env });
    const url = await new Promise((resolve, reject) => {
      let buf = '';
      web.stdout.on('data', (c) => {
        buf += c;
        const m = buf.match(/http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+/);
        if (m) resolve(m[0]);
      });
      web.on('exit', () => reject(new Error('vmbench web exited')));
    });
    const ready = Date.now() - start;
    await page.goto(url);
    const fcp = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const find = () => performance.getEntriesByName('first-contentful-paint')[0];
          const e = find();
          if (e) return resolve(performance.timeOrigin + e.startTime);
          new PerformanceObserver(() => find() && resolve(performance.timeOrigin + find().startTime)).observe({ type: 'paint', buffered: true });
        }),
    );
    paint = `${Math.round(fcp - start)} ms (server listening after ${ready} ms)`;
    const firstJs = await page.evaluate(() => {
      const fcpAt = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < fcpAt)
        .map((e) => new URL(e.name).pathname.replace(/^\//, ''));
    });
    firstLoad = firstLoadLines(join(root, 'dist', 'renderer'), firstJs);
    const live = (liveLines = []);
    try {
      await liveRunPerf({ page, out: (s) => live.push(s) });
    } catch (err) {
      live.push(`n/a: ${err.message}`);
    }
    web.kill('SIGTERM');

    // 4b. A runtime CLI that hangs must hold back only its own kind.
    const stubBin = mkdtempSync(join(home, 'hung-bin-'));
    writeFileSync(join(stubBin, 'limactl'), '#!/bin/sh\nexec /bin/sleep 30\n');
    chmodSync(join(stubBin, 'limactl'), 0o755);
    const hungEnv = { ...env, PATH: `${stubBin}:${process.env.PATH}` };
    const web2 = spawn(process.execPath, [bin, 'web', '--port', '0'], { env: hungEnv });
    const url2 = await new Promise((resolve, reject) => {
      let buf = '';
      web2.stdout.on('data', (c) => {
        buf += c;
        const m = buf.match(/http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+/);
        if (m) resolve(m[0]);
      });
      web2.on('exit', () => reject(new Error('vmbench web exited')));
    });
    const page2 = await browser.newPage();
    // The moment the card enters the page, on the page's own clock (0 = navigation start): not when
    // Playwright's polling notices it, nor after the load event (which waits for fonts and the favicon).
    await page2.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (document.querySelector('[data-testid="runtime-card"][data-runtime-id="local"]')) {
          window.__vmbenchLocalCard = performance.now();
          obs.disconnect();
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await page2.goto(url2, { waitUntil: 'commit' });
    await page2.waitForFunction(() => window.__vmbenchLocalCard !== undefined, null, { timeout: 30_000 });
    const firstCard = Math.round(await page2.evaluate(() => window.__vmbenchLocalCard));
    const stillChecking = await page2.getByText('checking', { exact: false }).count();
    hungLine = `4b. with limactl hanging: This machine on screen ${firstCard} ms after opening the page (goal <= 1500 ms); "checking…" shown: ${stillChecking > 0 ? 'yes' : 'no'}`;
    web2.kill('SIGTERM');
    await browser.close();
  }
  out(
    '2b. the quick suite clicked in the UI (This machine; the plan before the click and the ETA come from the quick runs of 1., 2. and 2a. in this data folder):',
  );
  for (const l of liveLines) out(`   ${l}`);
  out(`3. vmbench web: start to first contentful paint: ${paint}`);
  out("3a. the first load's JS (an English page; goal: no catalogue but its language's first-screen ones, no view but Environments):");
  for (const l of firstLoad) out(`   ${l}`);

  // 4. Detection.
  const d0 = Date.now();
  const det = spawnSync(process.execPath, [bin, 'detect', '--json'], { env, encoding: 'utf8' });
  const detWall = Date.now() - d0;
  const found =
    det.status === 0
      ? JSON.parse(det.stdout)
          .runtimes.map((x) => `${x.id}:${x.state}`)
          .join(', ')
      : `failed: ${det.stderr}`;
  out(`4. vmbench detect: ${detWall} ms wall (incl. node start-up); found ${found}`);
  out(detectScaleLine(200));
  out(detectAllHungLine());
  out(hungLine);

  if (!cli['host-only']) {
    out('');
    out(`5. docker transport vs fio by hand with \`docker run\` (same image, same folder, same job; goal: ${GOAL_TEXT})`);
    try {
      const { runDockerPerf } = await import('./perf-docker.mjs');
      await runDockerPerf({ pairs, out: (s) => out(`   ${s}`) });
    } catch (err) {
      out(`   n/a: ${err.message}`);
    }
    out('');
    out(`6. libvirt guest-agent transport vs fio by hand through guest-exec (goal: ${GOAL_TEXT})`);
    const lv = spawnSync(process.execPath, [join(root, 'scripts', 'perf', 'perf-libvirt.mjs'), '--pairs', String(pairs)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    for (const l of (lv.stdout || '').split('\n').filter(Boolean)) out(`   ${l}`);
    if (lv.status !== 0) out(`   n/a: perf-libvirt exited with ${lv.status}`);
  }
  out('');
  await commandSection(out);
} finally {
  rmSync(home, { recursive: true, force: true });
}

/** 4d: `vmbench detect --json` while every runtime CLI it asks hangs (stubs that sleep first on PATH): wall time of the whole list, median of 3. */
function detectAllHungLine() {
  const stubBin = mkdtempSync(join(home, 'all-hung-bin-'));
  const clis = ['docker', 'rdctl', 'orb', 'colima', 'limactl', 'podman', 'vagrant', 'virsh', 'VBoxManage', 'prlctl', 'vmrun'];
  for (const c of clis) {
    writeFileSync(join(stubBin, c), '#!/bin/sh\nexec /bin/sleep 30\n');
    chmodSync(join(stubBin, c), 0o755);
  }
  const hungEnv = { ...env, PATH: `${stubBin}:${process.env.PATH}` };
  const times = [];
  let unknown = 'n/a';
  for (let i = 0; i < 3; i++) {
    const t = Date.now();
    const r = spawnSync(process.execPath, [bin, 'detect', '--json'], { env: hungEnv, encoding: 'utf8' });
    times.push(Date.now() - t);
    if (r.status !== 0) return `4d. detect with every CLI hung failed: ${r.stderr}`;
    const list = JSON.parse(r.stdout).runtimes;
    unknown = `${list.filter((x) => x.state === 'unknown').length} of ${list.length} listed as unknown`;
  }
  return `4d. vmbench detect --json with every runtime CLI hung: whole list in median ${median(times)} ms (min ${Math.min(...times)}, max ${Math.max(...times)}; goal <= 8000 ms incl. node start-up); ${unknown}`;
}

/** 4c: `vmbench detect --json` on a machine with `count` libvirt domains and `count` Vagrant machines (median of 3). */
function detectScaleLine(count) {
  const root = mkdtempSync(join(home, 'scale-'));
  const { home: fakeHome, uri } = writeScaleFixture(root, count);
  const envScale = { ...env, HOME: fakeHome, VMBENCH_LIBVIRT_URI: uri };
  const times = [];
  let listed = '';
  for (let i = 0; i < 3; i++) {
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [bin, 'detect', '--json'], { env: envScale, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    times.push(Date.now() - t0);
    if (r.status !== 0) return `4c. detect with ${count}+${count} machines failed: ${r.stderr}`;
    const rts = JSON.parse(r.stdout).runtimes;
    listed = `${rts.filter((x) => x.kind === 'libvirt' && x.settings.cpus).length} domains and ${rts.filter((x) => x.kind === 'vagrant' && x.settings.memoryMiB).length} Vagrant machines with their settings`;
  }
  return `4c. detect with ${count} libvirt domains + ${count} Vagrant machines: median ${median(times)} ms (min ${Math.min(...times)}, max ${Math.max(...times)}; goal <= 2 s + the slowest timeout, 6 s for vagrant); listed ${listed}`;
}
