// A runtime's failed status on the Environments view: a Docker context whose daemon is down, replayed from docker
// 28.2.2's real output (tests/fixtures/runtimes/docker-engine/SOURCES.txt) through a stub `docker` on the server's
// PATH. The card says in a sentence what happened and what to do, in the page's language; the commands and what
// docker printed are behind a closed "Details" disclosure that the keyboard opens. Screenshots at 1440 and 1024 px,
// light and dark, in Japanese and English, with the details open, go to test-results/screens/reason-details/;
// axe passes in both themes.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shootWidthsAndThemes, violationsInBothThemes } from '../helpers/a11y.js';
import { closeAll, type JaSession, shotsDir, startJaSession, type WebServer } from '../helpers/e2e-harness.js';
import { captured, local, makeStubEnv, unreachableDockerContext, type StubEnv } from '../helpers/runtimes-stubs.js';

const SHOTS = shotsDir('reason-details');

let stub: StubEnv;
let session: JaSession | undefined;
let server: WebServer;
let page: Page;

beforeAll(async () => {
  stub = makeStubEnv(
    {
      docker: [
        // Docker Desktop's settings file is there, its context is not (docker's own words for that, verbatim).
        { args: '*"--context desktop-linux"*', stderr: local('docker-engine/context-not-found.docker-28.2.2.stderr.txt'), exit: 1 },
        ...unreachableDockerContext(),
      ],
    },
    { '.docker/desktop/settings-store.json': captured('docker-desktop/settings-store.marslo-v40.json') },
  );
  session = await startJaSession(SHOTS, { HOME: stub.home, PATH: stub.bin, DOCKER_HOST: stub.env.DOCKER_HOST });
  ({ server, page } = session);
}, 120_000);

afterAll(() => closeAll(session, stub));

describe("a runtime's failed status: a sentence, and the raw output behind a Details toggle", () => {
  it('says what happened and what to do in the page language; the raw output only behind a keyboard-operable disclosure', async () => {
    await page.goto(server.url);
    const card = page.locator('[data-testid="runtime-card"][data-runtime-id="docker:vmbench-test"]');
    const sentence = card.locator('[data-testid="runtime-reason-quiet"] > p');
    await sentence.waitFor({ timeout: 60_000 });
    await page.evaluate(() =>
      Promise.all([document.fonts.load('16px "vmbench Noto Sans JP"', '日本語'), document.fonts.load('bold 16px "vmbench Noto Sans JP"', '日本語')]),
    );
    expect(await sentence.textContent()).toBe('Docker デーモンが動いていません。デーモン（またはそれを動かすアプリ）を起動してから、もう一度検出してください');

    // Closed: the raw output is not shown, and nothing on the card outside the disclosure carries it.
    const details = card.locator('[data-testid="reason-details"]');
    const raw = details.locator('pre');
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await raw.isVisible()).toBe(false);
    const visibleText = await card.evaluate((c) => {
      const copy = c.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('pre').forEach((p) => p.remove());
      return copy.innerText;
    });
    expect(visibleText).not.toMatch(/\{\{json|Cannot connect|--format/);

    // The keyboard reaches the summary and opens it.
    const summary = details.locator('summary');
    expect(await summary.textContent()).toBe('詳細');
    await summary.focus();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    await page.keyboard.press('Enter');
    await raw.waitFor({ state: 'visible' });
    expect(await raw.textContent()).toContain("$ docker --context vmbench-test version --format '{{json .}}'");
    expect(await raw.textContent()).toContain('Cannot connect to the Docker daemon at unix:///run/vmbench-test-docker.sock. Is the docker daemon running?');

    // Docker Desktop without its context: unknown, the sentence in the red box, docker's words (the command of the
    // tracker's report, braces included) behind its own toggle, opened here too for the screenshots.
    const dd = page.locator('[data-testid="runtime-card"][data-runtime-id="docker-desktop"]');
    expect(await dd.locator('[data-testid="runtime-reason"] > p').textContent()).toBe(
      'docker コンテキスト desktop-linux がありません。Docker Desktop を一度起動して作成してから、もう一度検出してください',
    );
    await dd.locator('[data-testid="reason-details"] summary').click();
    expect(await dd.locator('[data-testid="reason-details"] pre').textContent()).toMatch(
      /^\$ docker --context desktop-linux version --format '\{\{json \.\}\}'\nFailed to initialize: unable to resolve docker endpoint: context "desktop-linux": context not found/,
    );

    await page.evaluate(() => window.scrollTo(0, 0));
    await shootWidthsAndThemes(page, (width, scheme) => `${SHOTS}/environments-ja-${width}-${scheme}.png`, {
      fullPage: true,
      after: async () => expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true),
    });
    expect(await violationsInBothThemes(page)).toBe('');

    await page.locator('button[lang="en"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await sentence.textContent()).toBe('the Docker daemon is not running; start it (or the app that runs it), then detect again');
    expect(await summary.textContent()).toBe('Details');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shootWidthsAndThemes(page, (width, scheme) => `${SHOTS}/environments-en-${width}-${scheme}.png`, {
      fullPage: true,
      after: async () => expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true),
    });
    expect(await violationsInBothThemes(page)).toBe('');
    // Enter again closes it.
    await summary.focus();
    await page.keyboard.press('Enter');
    await raw.waitFor({ state: 'hidden' });
  });
});
