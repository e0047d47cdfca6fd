// Catalogue coverage of the Japanese UI: every view is walked in ja (with stored runs that fill the
// charts, tables and the comparison) and its visible text and accessible names (aria-label, title,
// placeholder, alt) must contain no raw catalogue or setting key and no English catalogue value that has a
// Japanese translation. Exact technical text (commands, ids, the bench script's own method line) is
// marked lang="en" or set in code/mono and is not a catalogue value. A planted English value and a
// planted key prove the check can fail.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../electron/messages/i18n.js';
import { allCatalogues } from '../../electron/engine/util/catalogue-files.js';
import { seedRuns, settleView, VIEWS } from '../helpers/a11y.js';
import { closeAll, launchBrowser, startServer, type WebServer } from '../helpers/e2e-harness.js';

const CATALOGUES = allCatalogues();

let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Names that read the same in both languages, and the README's English section titles a ja string quotes. */
const ALLOW = new Set(['Docker Engine', 'Rancher Desktop', 'Docker Desktop', 'How vmbench decides better or worse']);

/** Every string of a nested catalogue with its dotted key. */
function flatten(obj: unknown, prefix = ''): [string, string][] {
  if (typeof obj === 'string') return [[prefix, obj]];
  return obj && typeof obj === 'object' ? Object.entries(obj).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)) : [];
}

/**
 * What must not show in ja, from every en value whose ja value differs: its phrases (between
 * placeholders), found inside any text, and its single words of 4 letters or more, found only
 * as a whole text (a lone "Median" is a leftover; "status" inside "git status" is not).
 */
function englishFragments(): { phrases: string[]; words: Set<string> } {
  const phrases = new Set<string>();
  const words = new Set<string>();
  for (const ns of NAMESPACES) {
    const ja = new Map(flatten(CATALOGUES.ja[ns]));
    for (const [key, en] of flatten(CATALOGUES.en[ns])) {
      const base = key.replace(/_(one|other|zero)$/, '');
      if ((ja.get(key) ?? ja.get(`${base}_other`)) === en) continue;
      for (const frag of en.split(/\{\{[^}]*\}\}/).map((f) => f.trim().replace(/^[\s:;,.·—–()]+|[\s:;,.·—–()]+$/g, ''))) {
        if (ALLOW.has(frag) || !/[A-Za-z]{3}/.test(frag)) continue;
        // A phrase of three words, or of 11 letters or more ("This machine"): shorter ones ("to the", "Guest agent") also occur in a tool's own output (virsh's stderr) quoted in a reason.
        if (/[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(frag) && (frag.split(/\s+/).length >= 3 || frag.replace(/[^A-Za-z]/g, '').length >= 11)) phrases.add(frag);
        else if (/^[A-Za-z][a-z]{3,}$/.test(frag) && frag === en.trim()) words.add(frag);
      }
    }
  }
  return { phrases: [...phrases], words };
}

/** Every catalogue key, dotted, with and without its namespace. */
function allKeys(): Set<string> {
  const keys = new Set<string>();
  for (const ns of NAMESPACES) for (const [k] of flatten(CATALOGUES.en[ns])) keys.add(k).add(`${ns}:${k}`);
  return keys;
}

const FRAGMENTS = englishFragments();
const KEYS = allKeys();
/** Setting keys that have a label (ui:setting.label.*): shown alone as text, one is a raw key ("diskIo" in Compare's changed settings). */
const SETTING_KEYS = new Set(Object.keys((CATALOGUES.en.ui as { setting: { label: Record<string, string> } }).setting.label));

/** The page's visible text segments and accessible names, outside code, mono text and lang="en" elements. */
function segments(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const skip = (el: Element | null): boolean => !el || !!el.closest('code, pre, .mono, [lang="en"], script, style, .sr-skip-i18n');
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const s = (n.textContent ?? '').trim();
      if (s && !skip(n.parentElement)) out.push(s);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))) {
      if (skip(el)) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(`${a}=${v}`);
      }
    }
    return out;
  });
}

/** Raw keys and English catalogue values found in the page, as "what: where". */
async function leftovers(p: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const seg of await segments(p)) {
    const text = seg.replace(/^(aria-label|title|placeholder|alt)=/, '');
    if (KEYS.has(text) && /[.:]/.test(text)) found.add(`key ${text}`);
    if (SETTING_KEYS.has(text)) found.add(`setting key ${text}`);
    if (FRAGMENTS.words.has(text)) found.add(`English "${text}"`);
    for (const f of FRAGMENTS.phrases) {
      const at = text.indexOf(f);
      if (at < 0) continue;
      const before = text[at - 1] ?? ' ';
      const after = text[at + f.length] ?? ' ';
      if (!/[A-Za-z0-9_-]/.test(before) && !/[A-Za-z0-9_]/.test(after)) found.add(`English "${f}" in "${seg.slice(0, 80)}"`);
    }
  }
  return [...found].sort();
}

beforeAll(async () => {
  // What this machine runs (another test's libvirt guest, a developer's VMs) is left out (the harness's
  // default): their CLIs' own English output (virsh's stderr in a reason) is not a catalogue string.
  server = await startServer();
  seedRuns(server.home, ['quick-multi', 'libvirt-before', 'libvirt-after', 'aa-quick-a']);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ja-JP', colorScheme: 'light', reducedMotion: 'reduce' });
  page = await context.newPage();
  await page.goto(server.url);
  await page.getByTestId('benchmark-button').waitFor();
}, 120_000);

afterAll(() => closeAll(context, browser, server));

describe('no English and no raw keys in the Japanese UI', () => {
  it('the check finds a planted English catalogue value and a planted key', async () => {
    expect(FRAGMENTS.phrases).toContain('Benchmark my setup');
    expect(FRAGMENTS.words.has('Median')).toBe(true);
    await page.evaluate(() => {
      const s = document.createElement('span');
      s.id = 'planted';
      s.textContent = 'Benchmark my setup';
      s.title = 'chart.smallAbsSub';
      const w = document.createElement('span');
      w.id = 'planted-word';
      w.textContent = 'Median';
      // What the summary tiles were named before they used the UI's language.
      w.setAttribute('aria-label', 'This machine の主な値');
      const k = document.createElement('span');
      k.id = 'planted-setting';
      k.textContent = 'diskIo';
      document.body.append(s, w, k);
    });
    const found = await leftovers(page);
    await page.evaluate(() => ['planted', 'planted-word', 'planted-setting'].forEach((id) => document.getElementById(id)?.remove()));
    expect(found).toEqual([
      'English "Benchmark my setup" in "Benchmark my setup"',
      'English "Median"',
      'English "This machine" in "aria-label=This machine の主な値"',
      'key chart.smallAbsSub',
      'setting key diskIo',
    ]);
  });

  for (const view of VIEWS) {
    it(`${view}: nothing English from the catalogues, no raw key`, async () => {
      await settleView(page, view);
      expect(await leftovers(page)).toEqual([]);
    });
  }

  it('results of a run with small files and random reads: axis, legend, metric and method in Japanese', async () => {
    await settleView(page, 'results');
    await page.getByTestId('results-run-select').selectOption('2026-01-15T09-30-00-test-multi');
    const chart = page.getByTestId('chart-small-files');
    await chart.waitFor();
    // The category ticks (the value ticks are numbers with ×).
    const ticks = (await chart.locator('.recharts-cartesian-axis-tick-value').evaluateAll((els) => els.map((e) => e.textContent ?? ''))).filter(
      (v) => !/^[\d.,]+×?$/.test(v),
    );
    expect(ticks).toEqual(['作成', '属性取得', '読み込み', '削除']);
    // No accessible name says "legend icon" (recharts' default legend, in English).
    const names = await page.evaluate(() => Array.from(document.querySelectorAll('[aria-label]')).map((e) => e.getAttribute('aria-label') ?? ''));
    expect(names.filter((n) => /legend icon/i.test(n))).toEqual([]);
    const main = await page.locator('main').innerText();
    expect(main).not.toContain('ファイル stat');
    // The method line of each result is a Japanese summary; the script's exact English text is only inside the details, marked lang="en".
    const summaries = await page.locator('[data-testid="result-row"] .tool-cell summary').allInnerTexts();
    expect(summaries.some((s) => s.includes('ランダム読み込み'))).toBe(true);
    expect(summaries.some((s) => s.includes('作成・属性取得・読み込み・削除'))).toBe(true);
    expect(summaries.join('\n')).not.toMatch(/create, stat|warm-up|sh loop/);
    expect(await leftovers(page)).toEqual([]);
  });
});
