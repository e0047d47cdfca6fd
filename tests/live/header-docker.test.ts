// The header with a Docker target selected (its Image field widens the run options): at 1024 and 800 px
// "Benchmark my setup" is whole, inside the viewport and clear of the title; the plan shows Docker's places;
// no control lies over the title or another control; in both languages the Image field's placeholder is whole
// at 1440 and 1024 px (it was cut as 「vmbench 独自（ローカルでビル」, and in English as "vmbench's own (built locally").
// Uses the live host stream's shared private dockerd (tests/helpers/shared-dockerd.ts; started here when this
// file runs alone: `npx vitest run --project live-host tests/live/header-docker.test.ts`).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateDockerd } from '../helpers/private-dockerd.js';
import { sharedDockerd } from '../helpers/shared-dockerd.js';
import { launchBrowser, startServer, type WebServer } from '../helpers/e2e-harness.js';

let dockerd: PrivateDockerd;
let server: WebServer;
let browser: Browser;
let page: Page;
const saved = { DOCKER_HOST: process.env.DOCKER_HOST, DOCKER_CONTEXT: process.env.DOCKER_CONTEXT };

beforeAll(async () => {
  dockerd = await sharedDockerd('header-docker');
  // vmbench web inherits this: the default docker context is the private daemon.
  process.env.DOCKER_HOST = dockerd.host;
  delete process.env.DOCKER_CONTEXT;
  server = await startServer({ machineRuntimes: true });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(server.url);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  // The shared dockerd stays for the next file; the live-host teardown stops it.
});

describe('header with a Docker target', () => {
  it('shows the Image field and Docker with its three places in the plan', async () => {
    const box = page.locator('input[type="checkbox"][data-testid^="target-docker:"]').first();
    await box.waitFor({ timeout: 60_000 });
    if (!(await box.isChecked())) await box.check();
    await page.getByTestId('image-input').waitFor();
    const id = (await box.getAttribute('data-testid'))!.slice('target-'.length);
    const item = page.locator(`[data-testid="run-plan-item"][data-target="${id}"]`);
    // A range where the headline may add trials (~4–6 min).
    expect(await item.innerText()).toMatch(/3 places · ~\d+(–\d+)? min/);
    // Three guest places take longer than This machine's one.
    const mins = (t: string): number => Number(/~(\d+)(–\d+)? min/.exec(t)?.[1] ?? 1);
    expect(mins(await item.innerText())).toBeGreaterThan(mins(await page.locator('[data-testid="run-plan-item"][data-target="local"]').innerText()));
  });

  for (const width of [1024, 800]) {
    it(`keeps the whole button inside the viewport at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await page.getByTestId('services-toggle').check();
      const b = (await page.getByTestId('benchmark-button').boundingBox())!;
      const t = (await page.getByTestId('view-title').boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(width);
      expect(b.width).toBeGreaterThan(120);
      const apart = b.x >= t.x + t.width || b.y >= t.y + t.height || t.x >= b.x + b.width || t.y >= b.y + b.height;
      expect(apart).toBe(true);
      const image = (await page.getByTestId('image-input').boundingBox())!;
      expect(image.x + image.width).toBeLessThanOrEqual(width);
      // The controls that do not fit beside the title take a second line: none of them lies over the title or
      // over another (they once overflowed leftwards over "Environments", and one try shrank the Image field
      // under the button).
      const controls = await page
        .locator('.run-controls > *')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number }));
      const apartFrom = (a: typeof t, c: typeof t): boolean =>
        a.x >= c.x + c.width - 0.5 || c.x >= a.x + a.width - 0.5 || a.y >= c.y + c.height - 0.5 || c.y >= a.y + a.height - 0.5;
      for (const [i, c] of controls.entries()) {
        expect(apartFrom(c, t), `control ${i} and the title at ${width} px`).toBe(true);
        for (const d of controls.slice(i + 1)) expect(apartFrom(c, d), `two controls at ${width} px`).toBe(true);
      }
      await page.screenshot({ path: `/tmp/header-docker-${width}.png` });
    });
  }

  for (const lang of ['en', 'ja'] as const) {
    it(`shows the whole ${lang} placeholder of the Image field at 1440 and 1024 px`, async () => {
      const p = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
      try {
        await p.goto(server.url);
        const box = p.locator('input[type="checkbox"][data-testid^="target-docker:"]').first();
        await box.waitFor({ timeout: 60_000 });
        if (!(await box.isChecked())) await box.check();
        const input = p.getByTestId('image-input');
        await input.waitFor();
        expect(await p.evaluate(() => document.documentElement.lang)).toBe(lang);
        for (const width of [1440, 1024]) {
          await p.setViewportSize({ width, height: 900 });
          // The placeholder in the input's own font (the bundled Japanese one, loaded first) against the room inside its padding.
          const fit = await input.evaluate(async (el: HTMLInputElement) => {
            const cs = getComputedStyle(el);
            const font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
            await document.fonts.load(font, el.placeholder);
            const ctx = document.createElement('canvas').getContext('2d')!;
            ctx.font = font;
            return {
              placeholder: el.placeholder,
              text: ctx.measureText(el.placeholder).width,
              room: el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
            };
          });
          expect(fit.placeholder).toMatch(lang === 'ja' ? /ローカルでビルド/ : /built locally/);
          expect(fit.text, `${width} px: ${JSON.stringify(fit)}`).toBeLessThanOrEqual(fit.room);
        }
      } finally {
        await p.close();
      }
    });
  }
});
