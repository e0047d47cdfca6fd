// History: rename a run, add a note (shown instead of the raw id, also in the run pickers), delete a
// run after a confirmation. Runs are the stored fixtures tests/fixtures/runs/libvirt-{before,after}.json,
// plus a run with every test of the catalogue, whose headline has the longest labels, for the layout at 1024 px.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, violationsInBothThemes } from '../helpers/a11y.js';
import { closeAll, launchBrowser, ROOT, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';
import { makeRun, result } from '../helpers/make-run.js';
import { TEST_CATALOGUE } from '../../electron/contract/test-catalogue.js';

const BEFORE = '2026-01-20T14-00-00-test-before';
const AFTER = '2026-01-20T14-20-00-test-after';
const EVERY = '2026-01-10T08-00-00-test-every';
let server: WebServer;
let browser: Browser;
let page: Page;
const row = (id: string) => page.locator(`[data-testid="history-row"][data-run-id="${id}"]`);

beforeAll(async () => {
  server = await startServer();
  mkdirSync(join(server.home, 'runs'), { recursive: true });
  copyFileSync(join(ROOT, 'tests/fixtures/runs/libvirt-before.json'), join(server.home, 'runs', `${BEFORE}.json`));
  copyFileSync(join(ROOT, 'tests/fixtures/runs/libvirt-after.json'), join(server.home, 'runs', `${AFTER}.json`));
  // Every test's primary metric in the headline, with 5- and 6-digit values (test data in our own run format).
  const every = makeRun(
    EVERY,
    '2026-01-10T08:00:00.000Z',
    TEST_CATALOGUE.map((e, i) => result(e.id, 'native', { [e.primary]: [12345.6 * (i + 1), 12400 * (i + 1), 12500 * (i + 1)] })),
  );
  writeFileSync(join(server.home, 'runs', `${EVERY}.json`), JSON.stringify(every));
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
}, 120_000);

afterAll(() => closeAll(browser, server));

describe('history', () => {
  it('renames a run and adds a note, shown instead of its id', async () => {
    await page.goto(server.url);
    await page.getByTestId('nav-history').click();
    await row(BEFORE).waitFor();
    await row(BEFORE).getByTestId('run-rename').click();
    const vs = await axeViolations(page);
    expect(vs, describeViolations(vs)).toEqual([]);
    await row(BEFORE).getByTestId('run-name-input').fill('before virtiofs');
    await row(BEFORE).getByTestId('run-note-input').fill('9p share, default io');
    await row(BEFORE).getByTestId('run-annotate-save').click();
    await row(BEFORE).getByTestId('run-title').filter({ hasText: 'before virtiofs' }).waitFor();
    expect(await row(BEFORE).getByTestId('run-note').textContent()).toBe('9p share, default io');
    expect(await row(BEFORE).getByTestId('run-title').getAttribute('title')).toBe(`Run id: ${BEFORE}`);
    expect(await row(BEFORE).innerText()).not.toContain(BEFORE);
    // The name survives a reload (it is in the run file) and names the run in the Results picker.
    await page.reload();
    await page.getByTestId('nav-results').click();
    const option = page.locator(`[data-testid="results-run-select"] option[value="${BEFORE}"]`);
    expect(await option.textContent()).toMatch(/^before virtiofs · /);
  });

  it('deletes a run only after the confirmation', async () => {
    await page.getByTestId('nav-history').click();
    await row(AFTER).getByTestId('run-delete').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await violationsInBothThemes(page)).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(existsSync(join(server.home, 'runs', `${AFTER}.json`))).toBe(true);
    await row(AFTER).getByTestId('run-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await row(AFTER).waitFor({ state: 'detached' });
    expect(existsSync(join(server.home, 'runs', `${AFTER}.json`))).toBe(false);
    expect(await row(BEFORE).count()).toBe(1);
  });
});

/** Each line break inside the row's cells (screen-reader-only text left out): the characters either side and whether a space lay between. */
function rowBreaks(p: Page, id: string): Promise<{ cell: number; before: string; after: string; space: boolean }[]> {
  return p.locator(`[data-testid="history-row"][data-run-id="${id}"]`).evaluate((tr) => {
    const out: { cell: number; before: string; after: string; space: boolean }[] = [];
    const range = document.createRange();
    Array.from(tr.children).forEach((td, cell) => {
      // Each list item and button is a box of its own: a break is looked for inside one box only.
      const items = Array.from(td.querySelectorAll<HTMLElement>('li'));
      const boxes = items.length > 0 ? items : [td as HTMLElement, ...Array.from(td.querySelectorAll<HTMLElement>('button'))];
      for (const box of boxes) {
        const skip = (n: Node): boolean => !!n.parentElement?.closest('.sr-only') || (box.tagName !== 'BUTTON' && !!n.parentElement?.closest('button'));
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT, {
          acceptNode: (n) => (skip(n) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
        });
        let prev = '';
        let top = -1;
        let space = false;
        let block: Element | null = null;
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = n.textContent ?? '';
          // Lines of different blocks (a run's name, its date, its note) are not breaks.
          let own = n.parentElement;
          while (own && own !== box && getComputedStyle(own).display === 'inline') own = own.parentElement;
          if (own !== block) [block, prev, top, space] = [own, '', -1, false];
          for (let i = 0; i < text.length; i++) {
            if (/\s/.test(text[i])) {
              space = true;
              continue;
            }
            range.setStart(n, i);
            range.setEnd(n, i + 1);
            const r = range.getClientRects()[0];
            if (!r) continue;
            if (top >= 0 && r.top > top + r.height / 2) out.push({ cell, before: prev, after: text[i], space });
            top = r.top;
            prev = text[i];
            space = false;
          }
        }
      }
    });
    return out;
  });
}

/** A break that splits a word: inside a katakana or Latin word or a number, or between a number and its unit. */
function splitsWord(b: { before: string; after: string; space: boolean }): boolean {
  const kata = /[\u30A0-\u30FF]/;
  if (/[0-9]/.test(b.before)) return !/[0-9]/.test(b.after) || !b.space;
  if (b.space) return false;
  return (kata.test(b.before) && kata.test(b.after)) || (/[A-Za-z]/.test(b.before) && /[A-Za-z]/.test(b.after)) || /[0-9,.]/.test(b.after);
}

describe('history at 1024 px', () => {
  for (const locale of ['ja-JP', 'en-US']) {
    it(`${locale}: the headline and the other cells break between words, and every Open button is in view`, async () => {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale, reducedMotion: 'reduce' });
      const p = await context.newPage();
      try {
        await p.goto(server.url);
        await p.getByTestId('nav-history').click();
        await p.locator(`[data-testid="history-row"][data-run-id="${EVERY}"]`).waitFor();
        // The bundled Japanese font (this machine has no system one) is in before anything is measured.
        await p.evaluate(() =>
          Promise.all([document.fonts.load('12px "vmbench Noto Sans JP"', '日本語'), document.fonts.load('bold 12px "vmbench Noto Sans JP"', '日本語')]),
        );
        await p.evaluate(() => document.fonts.ready);
        const ids = await p.getByTestId('history-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-run-id') ?? ''));
        expect(ids).toContain(EVERY);
        for (const id of ids) {
          const bad = (await rowBreaks(p, id)).filter(splitsWord);
          expect(bad, `${id}: ${JSON.stringify(bad)}`).toEqual([]);
        }
        // Open is inside the window and not scrolled away inside the table's own scroll box.
        const out = await p.evaluate(() => {
          const scroll = document.querySelector('[data-testid="history-list"]')!.closest('.table-scroll')!;
          const box = scroll.getBoundingClientRect();
          const doc = document.documentElement;
          const hidden = Array.from(document.querySelectorAll('.history-table .col-action button'))
            .map((b) => b.getBoundingClientRect())
            .filter((r) => r.left < box.left || r.right > Math.min(box.right, window.innerWidth));
          return { page: doc.scrollWidth - doc.clientWidth, table: scroll.scrollWidth - scroll.clientWidth, hidden: hidden.length };
        });
        expect(out).toEqual({ page: 0, table: 0, hidden: 0 });
        await p.screenshot({ path: join(shotsDir('history-annotate'), `history-1024-${locale}.png`), fullPage: true });
        if (locale === 'ja-JP') expect(await violationsInBothThemes(p)).toBe('');
      } finally {
        await context.close();
      }
    });
  }
});
