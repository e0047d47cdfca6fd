// Each runtime's verdict on screen as soon as its headline lands (issue 42), before the other tests run: the events
// of a recorded Mac run (tests/fixtures/runs/quick-multi.json: This Mac, Lima, Docker Desktop) replayed into the UI
// of a real `vmbench web` through its event socket, headline first as the runner sends them. Results shows every
// place's verdict ("Docker Desktop · shared folder: 0.31× [0.28–0.34] native") while no other test has a result, and
// This machine's card shows its own. Screenshots at 1440 and 1024 px, light and dark, English and Japanese; axe stays at 0.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEvent, Run } from '../../electron/contract/contract.js';
import { planSteps } from '../../electron/engine/bench/run-estimate.js';
import { placeVerdicts, verdictTargets } from '../../electron/presentation/place-verdict.js';
import { closeAll, launchBrowser, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';
import { axeViolations } from '../helpers/a11y.js';

const SHOTS = shotsDir('verdicts-first');
const run = JSON.parse(readFileSync(new URL('../fixtures/runs/quick-multi.json', import.meta.url), 'utf8')) as Run;
const jobId = randomUUID();
let server: WebServer;
let browser: Browser;
let page: Page;
let socket: WebSocketRoute | undefined;
let seq = 0;
const send = (ev: Record<string, unknown>): void => socket!.send(JSON.stringify({ jobId, seq: ++seq, ...ev } as JobEvent));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light', reducedMotion: 'reduce' });
  // The page's event socket gets the replayed run's events (nothing from the server); app.info lists the job as running, so the page adopts it.
  await page.routeWebSocket(/\/api\/events/, (ws) => {
    socket = ws;
  });
  await page.route(/\/api\/app\.info$/, async (route) => {
    try {
      const res = await route.fetch();
      const body = (await res.json()) as { ok: true; value: { activeJobs: string[] } };
      body.value.activeJobs = [jobId];
      await route.fulfill({ response: res, json: body });
    } catch (err) {
      // A poll the page dropped (a reload, the browser closing) leaves nothing to answer; anything else is a failure.
      if (!/disposed|closed/i.test(String(err))) throw err;
    }
  });
  await page.goto(server.url);
  await page.locator('[data-testid="runtime-card"][data-runtime-id="local"]').waitFor({ timeout: 60_000 });
  for (let i = 0; i < 300 && !socket; i++) await new Promise((r) => setTimeout(r, 100));
}, 180_000);

afterAll(async () => {
  // A poll of app.info still in its handler when the browser closes would reject with "Response has been disposed".
  await page?.unrouteAll({ behavior: 'ignoreErrors' });
  await closeAll(browser, server);
});

async function shots(view: string): Promise<void> {
  for (const lang of ['en', 'ja'] as const) {
    await page.getByTestId(`lang-${lang}`).click();
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    for (const theme of ['light', 'dark'] as const) {
      if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) await page.getByTestId('theme-toggle').click();
      await page.waitForFunction((th) => document.documentElement.dataset.theme === th, theme);
      // Colours are measured at rest: after the theme's CSS transitions have finished.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)); // the live pulse never ends
      expect(await axeViolations(page), `${view} ${lang} ${theme}`).toEqual([]);
      for (const width of [1440, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        // The bundled Japanese faces are in before anything is drawn (this machine may have no Japanese font).
        await page.evaluate(() => Promise.all([400, 500, 600, 700].map((w) => document.fonts.load(`${w} 16px "vmbench Noto Sans JP"`, '日本語'))));
        await page.screenshot({ path: join(SHOTS, `${view}-${width}-${theme}-${lang}.png`), fullPage: true });
      }
    }
  }
  await page.getByTestId('lang-en').click();
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== 'light') await page.getByTestId('theme-toggle').click();
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('verdicts first, on a replayed run', () => {
  it("shows every place's verdict as its headline lands, before any other test has run", async () => {
    const targets = run.targets.map((t) => ({ id: t.id, places: [...new Set(t.results.map((r) => r.place))] }));
    const plan = planSteps({ suite: 'quick' }, targets);
    const headlines = plan.filter((p) => p.headline);
    expect(headlines.length).toBe(5);
    send({ type: 'job-started', spec: { suite: 'quick', targets: targets.map((t) => t.id) }, plan, startedAt: new Date().toISOString() });
    // Each headline as the runner sends it: its progress, then its result (the recorded seq-write of that place).
    const expected = placeVerdicts(verdictTargets(run));
    for (const [i, step] of headlines.entries()) {
      const result = run.targets.find((t) => t.id === step.target)!.results.find((r) => r.place === step.place && r.test === 'seq-write')!;
      send({
        type: 'progress',
        step: i,
        steps: plan.length,
        target: step.target,
        place: step.place,
        test: step.test,
        trial: 1,
        trials: 3,
        fraction: i / plan.length,
        etaSec: 60,
      });
      send({ type: 'headline', target: step.target, label: run.targets.find((t) => t.id === step.target)!.label, result });
    }
    // Then the first of the other tests starts: nothing of it has a result yet. It has overrun the time the ETA gave it,
    // so the engine raised the ETA and says why (bench/eta.ts); the run panel keeps that reason on screen.
    const first = headlines.length;
    send({
      type: 'progress',
      step: first,
      steps: plan.length,
      target: plan[first].target,
      place: plan[first].place,
      test: plan[first].test,
      trial: 1,
      trials: 3,
      fraction: 0.2,
      etaSec: 300,
      etaRise: { why: 'overrun', step: first, expectedSec: 40, tookSec: 55 },
    });

    await page.getByTestId('nav-results').click();
    const lines = page.locator('[data-testid="results-view"] [data-testid="place-verdict"]');
    await expect.poll(() => lines.count(), { timeout: 30_000 }).toBe(expected.length);
    expect(await page.getByTestId('results-view').getAttribute('data-live')).toBe('true');
    const texts = await lines.allInnerTexts();
    // A guest's verdict is its ratio to This Mac's native headline with its interval; This Mac's (named by detection here) is the baseline.
    const docker = expected.find((v) => v.target === 'docker:desktop-linux' && v.place === 'shared')!;
    expect(docker.ratio).toBeGreaterThan(0);
    expect(texts).toContain(docker.text);
    expect(docker.text).toMatch(/^Docker Desktop · shared folder: \d\.\d\d× \[\d\.\d\d–\d\.\d\d\] native$/);
    expect(texts[0]).toMatch(/^This machine · native: .* \(the baseline\)$/);
    // No other test has run: no finished results, no chart of them.
    expect(await page.locator('[data-testid="results-view"] table').count()).toBe(0);
    // This machine's card shows its own verdict.
    await page.getByTestId('nav-environments').click();
    const card = page.locator('[data-testid="runtime-card"][data-runtime-id="local"] [data-testid="place-verdict"]');
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    // Why the ETA went up, naming the step as the page names it.
    const rise = page.getByTestId('eta-rise');
    await expect.poll(() => rise.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await rise.innerText()).toMatch(/^ETA went up: .+ · .+ · .+ has taken 55s, longer than the 40s it was given$/);
    // "That's enough" beside Cancel, reachable by keyboard.
    const enough = page.getByTestId('enough-button');
    expect(await enough.isVisible()).toBe(true);
    await shots('environments');
    await page.getByTestId('nav-results').click();
    await shots('results');
    // In Japanese, the same verdict in its words.
    await page.getByTestId('lang-ja').click();
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    expect(await lines.allInnerTexts()).toContain(
      placeVerdicts(verdictTargets(run), 'ja').find((v) => v.target === docker.target && v.place === 'shared')!.text,
    );
    await page.getByTestId('lang-en').click();
  });
});
