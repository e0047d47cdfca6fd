// Makes the screenshots in docs/screens/ from the built app: `npm run docs:screens`.
// A `vmbench web` over a temp data folder holding the stored test runs (tests/fixtures/runs), and a
// HOME where Lima lists the first instance of a real `limactl list --json` capture
// (tests/fixtures/runtimes/lima/list-json.trellis-cli-d3894d6.ndjson, replayed by a stub limactl,
// with the lima.yaml beside it). The runtimes' own CLIs (docker, virsh, vagrant, …) are kept off
// PATH, so this machine's guests never show.
// Environments, Results, History, Compare and What to change at 1440 and 1024 px in both themes, in English and
// in Japanese (ja-*.png), the latency chart, the share card of the newest run in both languages (its PNG as vmbench
// renders it), and docs/screenshot.png (Results, whole page).
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../chromium-path.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const out = join(root, 'docs', 'screens');
const HIDDEN = new Set(['docker', 'virsh', 'vagrant', 'limactl', 'colima', 'rdctl', 'orb', 'podman']);
const RUNS = ['quick-multi', 'libvirt-before', 'libvirt-after'];

if (!existsSync(join(root, 'dist', 'renderer', 'index.html'))) {
  console.error('docs-screens: the UI is not built; run `npm run build` first');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'vmbench-docs-'));
try {
  // Data folder: the stored runs, named by their ids.
  const data = join(work, 'data');
  mkdirSync(join(data, 'runs'), { recursive: true });
  for (const name of RUNS) {
    const file = join(root, 'tests', 'fixtures', 'runs', `${name}.json`);
    copyFileSync(file, join(data, 'runs', `${JSON.parse(readFileSync(file, 'utf8')).id}.json`));
  }
  // HOME with the Lima instance's lima.yaml; a PATH of this machine's commands without the runtimes' CLIs, plus a limactl that replays the capture.
  const home = join(work, 'home');
  const lima = join(root, 'tests', 'fixtures', 'runtimes', 'lima');
  mkdirSync(join(home, '.lima', 'test'), { recursive: true });
  copyFileSync(join(lima, 'lima.yaml.trellis-cli-d3894d6.yaml'), join(home, '.lima', 'test', 'lima.yaml'));
  const bin = join(work, 'bin');
  mkdirSync(bin);
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    let names = [];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const n of names) if (!HIDDEN.has(n) && !existsSync(join(bin, n))) symlinkSync(join(dir, n), join(bin, n));
  }
  const list = join(lima, 'list-json.trellis-cli-d3894d6.ndjson');
  writeFileSync(
    join(bin, 'limactl'),
    `#!/bin/sh\ncase "$*" in\n  "list --json") exec head -n 1 '${list}' ;;\n  *) echo "no capture for: $*" >&2; exit 1 ;;\nesac\n`,
  );
  chmodSync(join(bin, 'limactl'), 0o755);

  const web = spawn(process.execPath, [join(root, 'bin', 'vmbench.js'), 'web', '--port', '0'], {
    env: { ...process.env, VMBENCH_HOME: data, HOME: home, PATH: bin, LANG: 'C.UTF-8' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let buf = '';
    web.stdout.on('data', (c) => {
      buf += c;
      const m = /http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+/.exec(buf);
      if (m) resolve(m[0]);
    });
    web.once('exit', (code) => reject(new Error(`vmbench web exited with ${code}`)));
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
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
  try {
    mkdirSync(out, { recursive: true });
    // English, then Japanese (its files start with ja-; the browser's language picks the UI's).
    for (const [locale, prefix] of [
      ['en-US', ''],
      ['ja-JP', 'ja-'],
    ])
      for (const scheme of ['light', 'dark']) {
        for (const width of [1440, 1024]) {
          const context = await browser.newContext({ viewport: { width, height: 1000 }, locale, colorScheme: scheme, reducedMotion: 'reduce' });
          const page = await context.newPage();
          await page.goto(url);
          // The bundled Japanese faces are in before anything is drawn (this machine may have no Japanese font).
          await page.evaluate(() => Promise.all([400, 600, 700].map((w) => document.fonts.load(`${w} 16px "vmbench Noto Sans JP"`, '日本語'))));
          const settle = () => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
          // Environments: wait for this machine's system facts and the Lima instance.
          await page.locator('[data-testid="runtime-card"][data-runtime-id="local"] [data-testid="probe-facts"]').waitFor({ timeout: 60_000 });
          await page.locator('[data-testid="runtime-card"][data-runtime-id="lima:test"]').waitFor({ timeout: 60_000 });
          await page
            .getByTestId('detect-status')
            .filter({ hasText: /found in|を検出（/ })
            .waitFor({ timeout: 60_000 });
          await settle();
          await page.screenshot({ path: join(out, `${prefix}environments-${width}-${scheme}.png`) });
          await page.getByTestId('nav-results').click();
          await page.getByTestId('chart-latency').waitFor();
          await page.waitForTimeout(600); // the charts' first layout
          await settle();
          await page.screenshot({ path: join(out, `${prefix}results-${width}-${scheme}.png`) });
          if (width === 1440 && !prefix) await page.getByTestId('chart-latency').screenshot({ path: join(out, `latency-${width}-${scheme}.png`) });
          // The README's picture: the whole Results page.
          if (width === 1440 && scheme === 'dark' && !prefix) {
            // A window as tall as the page (a full-page capture would draw the sticky header mid-page).
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            await page.setViewportSize({ width, height });
            await page.evaluate(() => window.scrollTo(0, 0));
            await page.waitForTimeout(600);
            await page.screenshot({ path: join(root, 'docs', 'screenshot.png') });
            await page.setViewportSize({ width, height: 1000 });
          }
          await page.getByTestId('nav-history').click();
          await page.getByTestId('view-history').waitFor();
          await settle();
          await page.screenshot({ path: join(out, `${prefix}history-${width}-${scheme}.png`) });
          // Compare opens on the two newest runs (libvirt before → after); What to change lists the Lima instance's advice.
          await page.getByTestId('nav-compare').click();
          await page.getByTestId('compare-table').waitFor({ timeout: 30_000 });
          await page.waitForTimeout(600);
          await settle();
          await page.screenshot({ path: join(out, `${prefix}compare-${width}-${scheme}.png`) });
          await page.getByTestId('nav-advice').click();
          await page.getByTestId('view-advice').waitFor();
          await settle();
          await page.screenshot({ path: join(out, `${prefix}advice-${width}-${scheme}.png`) });
          await context.close();
        }
      }
    // The share card of the newest run against the one before it, as `card.render` draws it.
    const token = new URL(url).hash.replace(/^#token=/, '');
    const api = async (channel, ...args) => {
      const res = await fetch(new URL(`/api/${channel}`, url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vmbench-token': token },
        body: JSON.stringify({ args }),
      });
      const env = await res.json();
      if (!env.ok) throw new Error(env.error.message);
      return env.value;
    };
    const { runs } = await api('runs.list');
    for (const lang of ['en', 'ja']) {
      const card = await api('card.render', { runId: runs[0].id, compareTo: runs[1]?.id, lang });
      writeFileSync(join(out, lang === 'en' ? 'share-card.png' : 'ja-share-card.png'), Buffer.from(card.pngBase64, 'base64'));
    }
    console.log(`docs-screens: wrote ${readdirSync(out).length} files to docs/screens/`);
  } finally {
    await browser.close();
    web.kill('SIGTERM');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
