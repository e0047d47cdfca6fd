// Issue 28 in the browser: import two colleagues' runs through History's file picker (the real fixtures
// tests/fixtures/imports/machine-{a,b}.json, one setting different), give them their machine labels through
// Rename, Compare them across machines (settings diff first, the ratio-to-native verdict with its interval),
// the team table with its Markdown export, and a truncated file that is refused and changes nothing stored.
// axe on each; screenshots at 1440 and 1024, light and dark, English and Japanese (test-results/screens/import-team).
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shootWidthsAndThemes, violationsInBothThemes } from '../helpers/a11y.js';
import { closeAll, launchBrowser, ROOT, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';

const FIXTURES = join(ROOT, 'tests/fixtures/imports');
const A = 'imported-2026-11-26T21-45-01-2-targets';
const B = 'imported-2026-11-26T21-49-24-2-targets';
const SHOTS = shotsDir('import-team');
let server: WebServer;
let browser: Browser;
let page: Page;
let scratch: string;
const row = (id: string) => page.locator(`[data-testid="history-row"][data-run-id="${id}"]`);

/** Every stored run file and its bytes: what a refused import must leave as it was. */
function stored(): Record<string, string> {
  const dir = join(server.home, 'runs');
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

async function label(id: string, machine: string): Promise<void> {
  await row(id).getByTestId('run-rename').click();
  await row(id).getByTestId('run-machine-input').fill(machine);
  await row(id).getByTestId('run-annotate-save').click();
  await row(id).getByTestId('imported-badge').filter({ hasText: machine }).waitFor();
}

async function pickBothAndOpen(p: Page, button: 'compare-picked' | 'team-picked'): Promise<void> {
  for (const id of [A, B]) await p.locator(`[data-testid="history-row"][data-run-id="${id}"] input[type="checkbox"]`).check();
  await p.getByTestId(button).click();
}

beforeAll(async () => {
  server = await startServer();
  scratch = mkdtempSync(join(tmpdir(), 'vmbench-import-'));
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' })).newPage();
}, 120_000);

afterAll(() => closeAll(browser, server, scratch));

describe('import, cross-machine compare and the team table', () => {
  it('imports two runs through the file picker; each carries a badge with its machine label, and the filter keeps them apart', async () => {
    await page.goto(server.url);
    await page.getByTestId('nav-history').click();
    await page.getByTestId('import-input').setInputFiles([join(FIXTURES, 'machine-a.json'), join(FIXTURES, 'machine-b.json')]);
    await page.locator('[data-testid="import-outcome"][data-ok="true"]').nth(1).waitFor();
    expect(await page.getByTestId('import-outcomes').innerText()).toContain('machine-a.json: 1 run imported');
    await row(A).waitFor();
    await row(B).waitFor();
    expect(await page.getByTestId('imported-badge').count()).toBe(2);
    await label(A, 'M2 Air (design team)');
    await label(B, 'Dev box');
    expect(await row(A).getByTestId('imported-badge').innerText()).toBe('Imported · M2 Air (design team)');
    // The label is stored in the run: it survives a reload.
    await page.reload();
    await page.getByTestId('nav-history').click();
    await row(B).getByTestId('imported-badge').filter({ hasText: 'Dev box' }).waitFor();
    await page.getByTestId('history-filter').selectOption('local');
    await page.getByTestId('history-row').first().waitFor({ state: 'detached' });
    await page.getByTestId('history-filter').selectOption('imported');
    expect(await page.getByTestId('history-row').count()).toBe(2);
    await page.getByTestId('history-filter').selectOption('all');
    // The same file again is recognised, not stored twice.
    await page.getByTestId('import-input').setInputFiles(join(FIXTURES, 'machine-a.json'));
    await page.getByTestId('import-outcome').filter({ hasText: 'already in your history' }).waitFor();
    expect(Object.keys(stored()).sort()).toEqual([`${A}.json`, `${B}.json`]);
    expect(await violationsInBothThemes(page)).toBe('');
  });

  it('refuses a truncated file with its error and changes nothing stored', async () => {
    const before = stored();
    const text = readFileSync(join(FIXTURES, 'machine-a.json'), 'utf8');
    const cut = join(scratch, 'colleague-run.json');
    writeFileSync(cut, text.slice(0, Math.floor(text.length / 2)));
    await page.getByTestId('import-input').setInputFiles(cut);
    const outcome = page.locator('[data-testid="import-outcome"][data-ok="false"]');
    await outcome.waitFor();
    expect(await outcome.innerText()).toBe(
      'Not imported: colleague-run.json is not valid JSON (truncated or damaged). Export the run again and import that file.',
    );
    expect(stored()).toEqual(before);
    expect(await page.getByTestId('history-row').count()).toBe(2);
    expect(await violationsInBothThemes(page)).toBe('');
  });

  it('compares the two machines: labels, the settings diff first, the method, and the ratio-to-native verdict with its interval', async () => {
    await pickBothAndOpen(page, 'compare-picked');
    await page.getByTestId('compare-table').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('compare-machines').innerText()).toBe('M2 Air (design team) (A) ↔ Dev box (B): different machines');
    // The settings diff comes before the verdicts, and its first line is the one setting changed.
    const order = await page.evaluate(() => {
      const diff = document.querySelector('[data-testid="settings-changes"]');
      const summary = document.querySelector('[data-testid="compare-summary"]');
      return diff && summary ? diff.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeTruthy();
    const first = page.getByTestId('settings-change').first();
    expect(await first.getAttribute('data-setting')).toBe('mountType');
    expect(await first.innerText()).toMatch(/lima:test\s+File sharing\s+virtiofs\s+9p/);
    // Its title sits inside the card, in line with the first column's text (it touched the card's corner).
    const inset = await page.getByTestId('settings-changes').evaluate((card) => {
      const text = (e: Element): DOMRect => {
        const r = document.createRange();
        r.selectNodeContents(e);
        return r.getBoundingClientRect();
      };
      const [c, h, cell] = [card.getBoundingClientRect(), text(card.querySelector('h2')!), text(card.querySelector('tbody td')!)];
      return { top: h.top - c.top >= 8, left: Math.abs(h.left - cell.left) <= 1 };
    });
    expect(inset).toEqual({ top: true, left: true });
    // "Re-run with more trials" would measure this machine, not the colleague's: not offered across machines.
    expect(await page.getByTestId('too-few-offer').count()).toBe(0);
    await page.getByTestId('method-note').locator('summary').click();
    expect(await page.getByTestId('method-note').innerText()).toContain("each place is first divided by its own machine's native result");
    // The shared folder's random reads (the fixtures' shared places differ: disk vs tmpfs): B's ratio to its native over A's, decided better with an interval above 1×.
    const shared = page.locator('[data-testid="compare-row"][data-target="lima:test"][data-place="shared"][data-test="rand-read"][data-metric="read_iops"]');
    expect(await shared.getAttribute('data-verdict')).toBe('better');
    const [lo, hi] = (await shared.getAttribute('data-ci'))!.split(' ').map(Number);
    const ratio = Number(await shared.getAttribute('data-ratio'));
    expect(lo).toBeGreaterThan(1);
    expect(lo).toBeLessThan(ratio);
    expect(hi).toBeGreaterThan(ratio);
    const nativeA = await shared.getByTestId('native-a').innerText();
    const nativeB = await shared.getByTestId('native-b').innerText();
    expect(nativeA).toMatch(/×$/);
    expect(nativeB).toMatch(/×$/);
    expect(await shared.locator('.ratio-ci').innerText()).toMatch(/^\d+\.\d+× \[\d+\.\d+–\d+\.\d+\]$/);
    // Each native row's ratio is the hardware's B ÷ A, labelled as such (it does not vote); the voting rows carry no such label.
    const natives = page.locator('[data-testid="compare-row"][data-place="native"]');
    expect(await natives.count()).toBeGreaterThan(0);
    for (const r of await natives.all()) expect(await r.getByTestId('hardware-ratio').innerText()).toMatch(/^\d+\.\d+×[\s\S]*\nhardware: B ÷ A, not voting$/);
    expect(await shared.getByTestId('hardware-ratio').count()).toBe(0);
    // The chart names the two machines and the ratio of ratios, not "after ÷ before".
    const chart = page.getByTestId('chart-compare');
    expect(await chart.locator('.chart-title').innerText()).toBe('M2 Air (design team) → Dev box');
    expect(await chart.locator('.chart-sub').innerText()).toBe(
      '(B ÷ its native) ÷ (A ÷ its native), A: M2 Air (design team), B: Dev box · log scale, 1× = no change · line: its interval',
    );
    expect(await violationsInBothThemes(page)).toBe('');
  });

  it('shows the team table, sortable, with the fastest setup line and its Markdown export', async () => {
    await page.getByTestId('nav-history').click();
    await pickBothAndOpen(page, 'team-picked');
    await page.getByTestId('team-table').waitFor();
    const rows = page.getByTestId('team-row');
    // Two guest places per machine, and each machine's native as its baseline row (its own medians, no score).
    expect(await rows.count()).toBe(6);
    const machines = await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-machine')));
    expect(new Set(machines)).toEqual(new Set(['M2 Air (design team)', 'Dev box']));
    const baselines = page.locator('[data-testid="team-row"][data-baseline="true"]');
    expect(await baselines.count()).toBe(2);
    for (const b of await baselines.all()) {
      expect(await b.locator('td.ratio-ci').first().innerText()).toMatch(/^[\d,.]+ MB\/s$/);
      expect(await b.locator('td').last().innerText()).toBe('baseline');
    }
    expect(await page.getByTestId('team-fastest').innerText()).toMatch(/^What the fastest setup uses \(.+, lima:test\): .*mountType/);
    // Best first by score; a header sorts, and says how through aria-sort.
    const scores = await page.locator('[data-testid="team-row"]:not([data-baseline])').evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-score'))));
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    const th = page.getByTestId('team-sort-machine').locator('xpath=..');
    expect(await th.getAttribute('aria-sort')).toBe('none');
    await page.getByTestId('team-sort-machine').click();
    expect(await th.getAttribute('aria-sort')).toBe('descending');
    await page.getByTestId('team-sort-machine').click();
    expect(await th.getAttribute('aria-sort')).toBe('ascending');
    expect(await rows.first().getAttribute('data-machine')).toBe('Dev box');
    const res = page.waitForResponse((r) => r.url().includes('/api/runs.teamExport'));
    await page.getByTestId('team-copy-md').click();
    const env = (await (await res).json()) as { ok: boolean; value: { content: string } };
    expect(env.ok).toBe(true);
    expect(env.value.content).toContain('| M2 Air (design team) | lima:test |');
    expect(env.value.content).toContain('What the fastest setup uses');
    await page
      .getByTestId('team-status')
      .filter({ hasText: /Markdown/ })
      .waitFor();
    expect(await violationsInBothThemes(page)).toBe('');
  });

  it('screenshots History with imports, Compare across machines and the team table, in English and Japanese', async () => {
    for (const lang of ['en', 'ja'] as const) {
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lang === 'ja' ? 'ja-JP' : 'en-US', reducedMotion: 'reduce' });
      const p = await ctx.newPage();
      await p.goto(server.url);
      await p.getByTestId('nav-history').click();
      await p.getByTestId('history-list').waitFor();
      if (lang === 'ja') expect(await p.getByTestId('import-runs').innerText()).toContain('インポート');
      await shootWidthsAndThemes(p, (w, s) => join(SHOTS, `history-${lang}-${w}-${s}.png`), { fullPage: true });
      await pickBothAndOpen(p, 'team-picked');
      await p.getByTestId('team-table').waitFor();
      await shootWidthsAndThemes(p, (w, s) => join(SHOTS, `team-${lang}-${w}-${s}.png`), { fullPage: true });
      await p.setViewportSize({ width: 1440, height: 900 });
      await p.getByTestId('compare-picked').click();
      await p.getByTestId('compare-table').waitFor({ timeout: 30_000 });
      await shootWidthsAndThemes(p, (w, s) => join(SHOTS, `compare-${lang}-${w}-${s}.png`), { fullPage: true });
      if (lang === 'ja') expect(await p.getByTestId('compare-machines').innerText()).toContain('別々のマシン');
      // At 1024 px the metric column keeps room for its label: no label broken after every character (it was ~50 px wide in ja).
      await p.setViewportSize({ width: 1024, height: 768 });
      const widths = await p.locator('[data-testid="compare-row"] .metric-cell').evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().width));
      expect(Math.min(...widths)).toBeGreaterThanOrEqual(120);
      await p.setViewportSize({ width: 1440, height: 900 });
      expect(await violationsInBothThemes(p)).toBe('');
      await ctx.close();
    }
  }, 180_000);

  it('deletes an imported run like a local one', async () => {
    await page.getByTestId('nav-history').click();
    await row(B).getByTestId('run-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await row(B).waitFor({ state: 'detached' });
    expect(Object.keys(stored())).toEqual([`${A}.json`]);
  });

  it("names this machine's side in the page's language against an imported run", async () => {
    const LOCAL = '2026-11-26T21-49-24-2-targets';
    copyFileSync(join(FIXTURES, 'machine-b.json'), join(server.home, 'runs', `${LOCAL}.json`));
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ja-JP', reducedMotion: 'reduce' });
    const p = await ctx.newPage();
    await p.goto(server.url);
    await p.getByTestId('nav-history').click();
    for (const id of [A, LOCAL]) await p.locator(`[data-testid="history-row"][data-run-id="${id}"] input[type="checkbox"]`).check();
    await p.getByTestId('team-picked').click();
    await p.getByTestId('team-table').waitFor();
    const machines = await p.locator('[data-testid="team-row"] th').allInnerTexts();
    expect(new Set(machines)).toEqual(new Set(['M2 Air (design team)', 'このマシン']));
    await p.getByTestId('compare-picked').click();
    await p.getByTestId('compare-table').waitFor({ timeout: 30_000 });
    expect(await p.getByTestId('compare-machines').innerText()).toBe('M2 Air (design team) (A) ↔ このマシン (B): 別々のマシン');
    await ctx.close();
  });

  it('imports files dropped onto the History list: a prototype-pollution key is refused with its error', async () => {
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-list').waitFor();
    const before = stored();
    await page.getByTestId('history-drop').evaluate((el) => {
      const dt = new DataTransfer();
      dt.items.add(new File(['{"__proto__": {"polluted": true}, "id": "x"}'], 'hostile.json', { type: 'application/json' }));
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    const outcome = page.locator('[data-testid="import-outcome"][data-ok="false"]');
    await outcome.waitFor();
    expect(await outcome.innerText()).toMatch(/^Not imported: hostile\.json contains the key "__proto__"/);
    expect(stored()).toEqual(before);
    expect(await page.evaluate(() => (({}) as Record<string, unknown>).polluted)).toBeUndefined();
  });
});
