// History: rename a run, add a note (shown instead of the raw id, also in the run pickers), delete a
// run after a confirmation. Runs are the stored fixtures tests/fixtures/runs/libvirt-{before,after}.json.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, violationsInBothThemes } from '../helpers/a11y.js';
import { closeAll, launchBrowser, ROOT, startServer, type WebServer } from '../helpers/e2e-harness.js';

const BEFORE = '2026-01-20T14-00-00-test-before';
const AFTER = '2026-01-20T14-20-00-test-after';
let server: WebServer;
let browser: Browser;
let page: Page;
const row = (id: string) => page.locator(`[data-testid="history-row"][data-run-id="${id}"]`);

beforeAll(async () => {
  server = await startServer();
  mkdirSync(join(server.home, 'runs'), { recursive: true });
  copyFileSync(join(ROOT, 'tests/fixtures/runs/libvirt-before.json'), join(server.home, 'runs', `${BEFORE}.json`));
  copyFileSync(join(ROOT, 'tests/fixtures/runs/libvirt-after.json'), join(server.home, 'runs', `${AFTER}.json`));
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
