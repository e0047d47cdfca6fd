// The service tests (net, redis, http) on This machine through the UI's engine, shown in Results and
// Compare, with the native path in the method (loopback; no remote redis, which only Docker has).
// Live lane: they start real iperf3, redis-server, nginx and wrk on loopback. The rest of the UI flow
// is tests/e2e/ui-flow.test.ts; the same three in Docker containers: tests/live/docker-services.test.ts.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Comparison, Run, TestResult } from '../../electron/contract/contract.js';
import { formatNumber } from '../../electron/presentation/format.js';
import { launchBrowser, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';

let server: WebServer;
let browser: Browser;
let page: Page;
const shots = shotsDir('ui-services');

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

/** Screenshots the page when the current test fails. */
function shotOnFailure(name: string): void {
  onTestFailed(async () => {
    await page.screenshot({ path: join(shots, `fail-${name}.png`), fullPage: true }).catch(() => undefined);
  });
}

type Api = <T>(channel: string, ...args: unknown[]) => Promise<T>;

/** A disk-only run (small-files on This machine) to compare the service run against; returns its id. */
async function diskRun(api: Api): Promise<string> {
  const { jobId } = await api<{ jobId: string }>('run.start', { suite: 'quick', targets: ['local'], tests: ['small-files'] });
  expect(jobId).toBeTruthy();
  for (let i = 0; i < 300; i++) {
    const done = (await api<{ runs: { id: string; status: string }[] }>('runs.list')).runs.find((r) => r.status === 'completed');
    if (done) return done.id;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the small-files run did not complete: ${server.output().slice(-2000)}`);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(server.url);
  await page.locator('[data-testid="runtime-card"][data-runtime-id="local"]').waitFor({ timeout: 60_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('service tests on This machine in the UI', () => {
  it('runs net, redis and http on This machine and shows the service tables in Results and Compare', async () => {
    shotOnFailure('services');
    // The UI's button runs the default (disk) tests; the service tests are started through the same API the UI uses.
    const api = async <T>(channel: string, ...args: unknown[]): Promise<T> =>
      page.evaluate(
        async ([c, a]) => {
          // The key the page took from its address (and keeps in this tab's sessionStorage).
          const token = sessionStorage.getItem('vmbench-token') ?? '';
          const res = await fetch(`/api/${c as string}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-vmbench-token': token },
            body: JSON.stringify({ args: a }),
          });
          const body = (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
          if (!body.ok) throw new Error(body.error?.message);
          return body.value;
        },
        [channel, args] as const,
      ) as Promise<T>;
    type Runs = { runs: { id: string; status: string }[] };
    const firstRun = await diskRun(api);
    const before = new Set((await api<Runs>('runs.list')).runs.map((r) => r.id));
    const { jobId } = await api<{ jobId: string }>('run.start', { suite: 'quick', targets: ['local'], tests: ['net', 'redis', 'http'] });
    expect(jobId).toBeTruthy();
    const started = Date.now();
    let runId: string | undefined;
    while (!runId && Date.now() - started < 120_000) {
      await new Promise((r) => setTimeout(r, 1000));
      runId = (await api<Runs>('runs.list')).runs.find((r) => !before.has(r.id) && r.status === 'completed')?.id;
    }
    expect(runId, server.output().slice(-2000)).toBeTruthy();
    // What the engine stored: on This machine net measures its own loopback, and redis has no remote figures.
    const stored = await api<Run>('runs.get', runId);
    const native = (test: string): TestResult => stored.targets[0].results.find((r) => r.test === test)!;
    expect(stored.targets[0].results.map((r) => `${r.place} ${r.test}`)).toEqual(['native net', 'native redis', 'native http']);
    expect(native('net').tool.method).toMatch(/measured path: this machine's own loopback \(127\.0\.0\.1\)/);
    expect(Object.keys(native('redis').metrics).some((m) => m.endsWith('_remote'))).toBe(false);

    await page.getByTestId('nav-results').click();
    const picker = page.getByTestId('results-run-select');
    await page.waitForFunction(
      (id) => [...document.querySelectorAll('[data-testid="results-run-select"] option')].some((o) => (o as HTMLOptionElement).value === id),
      runId,
    );
    await picker.selectOption(runId!);
    const section = page.locator('[data-testid="service-results"] [data-testid="service-section"][data-target="local"]');
    await section.waitFor({ timeout: 30_000 });
    const numbers = async (table: string, row: number): Promise<number[]> =>
      (await section.locator(`[data-testid="service-table-${table}"] tbody tr`).nth(row).locator('td').allInnerTexts()).map((t) =>
        Number(t.replace(/,/g, '').replace(/×$/, '')),
      );
    const set = await numbers('redis', 0);
    expect(set[0]).toBeGreaterThan(0); // SET over TCP, req/s
    expect(set[1]).toBeGreaterThan(0); // over the unix socket
    expect(set[3]).toBeCloseTo(set[1] / set[0], 1); // unix / TCP
    expect(await section.locator('[data-testid="service-table-redis"] caption').innerText()).toMatch(/Redis requests\/s/);
    const staticFile = await numbers('http', 0);
    const site = await numbers('http', 3);
    expect(staticFile[0]).toBeGreaterThan(0);
    expect(site[0]).toBeGreaterThan(0);
    expect(await section.locator('[data-testid="service-table-http"] tbody th').nth(3).innerText()).toMatch(/Small site/);
    const net = await numbers('net', 0);
    expect(net[0]).toBeGreaterThan(0);
    expect(net[1]).toBeGreaterThan(0);
    // "Across containers" is not measured on the host: a dash whose reason shows on keyboard focus.
    const dash = section.locator('[data-testid="service-table-redis"] [data-testid="missing-cell"]').first();
    expect(await dash.getAttribute('title')).toMatch(/only Docker runtimes run a second container/);
    await dash.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await dash.locator('.missing-why').waitFor({ state: 'visible' });
    await shot('services');

    // Compare: the first (disk-only) run before, the service run after: every service cell is "— → number".
    await page.getByTestId('nav-compare').click();
    await page.getByTestId('compare-a').selectOption(firstRun);
    await page.getByTestId('compare-b').selectOption(runId!);
    const cmp = page.locator('[data-testid="service-compare"] [data-testid="service-section"][data-target="local"]');
    await cmp.waitFor({ timeout: 30_000 });
    const cell = cmp.locator('[data-testid="service-table-redis"] tbody tr').first().locator('td').first();
    expect(await cell.getByTestId('missing-cell').getAttribute('title')).toBe('not measured in A (before)');
    // Compare shows the figure its ratios are of (the geometric mean of the trials), as the engine's comparison has it.
    const cmpData = await api<Comparison>('runs.compare', firstRun, runId!);
    const setRow = cmpData.rows.find((r) => r.target === 'local' && r.test === 'redis' && r.place === 'native' && r.metric === 'set_rps_tcp');
    expect(setRow?.verdict).toBe('only-after');
    expect(Number(formatNumber(setRow!.medianB!, 'en').replace(/,/g, ''))).toBe(set[0]); // the same run's median, as Results shows it
    expect((await cell.locator('strong').innerText()).replace(/,/g, '')).toBe(formatNumber(setRow!.b!, 'en').replace(/,/g, ''));
    await shot('services-compare');
  });
});
