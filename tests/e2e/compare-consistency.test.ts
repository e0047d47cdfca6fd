// Compare says one thing everywhere: for a stored A/A pair and a stored pair with a real change,
// the table, the chart and the share card show the same ratio [interval] for every voting row, the chart
// mutes what is within noise, the card lists the flagged rows (and reads "No significant change" for A/A),
// and no row shows two different changes.
// The A/A pair is recorded: tests/fixtures/runs/aa-quick-{a,b}.json, two back-to-back quick runs of This
// machine (see tests/unit/verdicts-recorded-aa.test.ts). No stored pair has a flagged row (libvirt-before/
// after is within noise too), so the change pair is a constructed change on recorded trials: run B of the
// A/A pair with its seq-write trials × 0.5 and its rand-read trials (IOPS and MB/s) × 10
// (tests/helpers/scale-metric.ts), made here and stored beside the others; the fixtures are not edited.
// The factors are large because these quick-suite trials spread widely (rand-read 72k–150k IOPS within
// one run); rand-read is the third voting row, so the card must lift it above seq-read to list it first.
// The card is a PNG in the UI: the test checks that the PNG the Share view shows is byte for byte the
// engine's render of renderCardSvg for the same pair, and reads the card's text from that SVG.
// Every expected text comes from the one formatter, formatInterval (electron/presentation/format.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comparison, CompareRow, Run } from '../../electron/contract/contract.js';
import { svgToPng } from '../../electron/engine/report/card.js';
import { renderCardSvg } from '../../electron/engine/report/card-svg.js';
import { formatInterval } from '../../electron/presentation/format.js';
import { seedRuns, shootWidthsAndThemes, violationsInBothThemes } from '../helpers/a11y.js';
import { apiCall, closeAll, launchBrowser, ROOT, shotsDir, startServer, type WebServer } from '../helpers/e2e-harness.js';
import { scaleMetric } from '../helpers/scale-metric.js';

const fixture = (name: string): Run => JSON.parse(readFileSync(join(ROOT, 'tests', 'fixtures', 'runs', `${name}.json`), 'utf8')) as Run;
const A = fixture('aa-quick-a');
const B = fixture('aa-quick-b');
const at = (test: 'seq-write' | 'rand-read', metric: string) => ({ target: 'local', place: 'native' as const, test, metric });
/** Run B with slower writes and faster random reads by construction (see the header). */
const CHANGED: Run = {
  ...[
    [at('seq-write', 'write_MBps'), 0.5],
    [at('rand-read', 'read_iops'), 10],
    [at('rand-read', 'read_MBps'), 10],
  ].reduce((run, [where, factor]) => scaleMetric(run, where as ReturnType<typeof at>, factor as number), B),
  id: `${B.id}-constructed`,
  name: 'A/A run B, seq-write ×0.5, rand-read ×10 (constructed)',
};
const PAIRS = [
  { name: 'aa', a: A.id, b: B.id, flagged: {} as Record<string, string> },
  { name: 'change', a: A.id, b: CHANGED.id, flagged: { write_MBps: 'worse', read_iops: 'better' } as Record<string, string> },
];
const shots = shotsDir('compare-consistency');

let server: WebServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  seedRuns(server.home, ['aa-quick-a', 'aa-quick-b']);
  writeFileSync(join(server.home, 'runs', `${CHANGED.id}.json`), JSON.stringify(CHANGED));
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light', reducedMotion: 'reduce' })).newPage();
  await page.goto(server.url);
}, 120_000);

afterAll(() => closeAll(browser, server));

const key = (r: Pick<CompareRow, 'target' | 'place' | 'test' | 'metric'>): string =>
  `[data-target="${r.target}"][data-place="${r.place}"][data-test="${r.test}"][data-metric="${r.metric}"]`;
const flagged = (r: CompareRow): boolean => r.primary && (r.verdict === 'better' || r.verdict === 'worse');
const unescapeXml = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The text of each <text> element of a card SVG, in document order. */
function cardTexts(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) => unescapeXml(m[1].replace(/<[^>]+>/g, '')));
}

/** Opens Compare on the pair A → B through its pickers and waits until the page shows that comparison. */
async function openCompare(a: string, b: string, cmp: Comparison): Promise<void> {
  await page.getByTestId('nav-compare').click();
  await page.getByTestId('compare-a').selectOption(a);
  await page.getByTestId('compare-b').selectOption(b);
  await page.waitForFunction(
    ([sa, sb]) =>
      (document.querySelector('[data-testid="compare-a"]') as HTMLSelectElement | null)?.value === sa &&
      (document.querySelector('[data-testid="compare-b"]') as HTMLSelectElement | null)?.value === sb,
    [a, b],
  );
  await page.getByTestId('compare-summary').filter({ hasText: cmp.summary.line }).waitFor({ timeout: 30_000 });
  await page.getByTestId('chart-compare').locator('[data-testid="compare-bar"]').first().waitFor();
  await page.waitForFunction(() => document.getAnimations().every((x) => x.playState !== 'running'));
}

describe.each(PAIRS)('Compare of the $name pair', ({ name, a, b, flagged: expectFlagged }) => {
  let cmp: Comparison;
  let voting: CompareRow[];

  beforeAll(async () => {
    cmp = await apiCall<Comparison>(server, 'runs.compare', a, b);
    voting = cmp.rows.filter((r) => r.primary);
    await openCompare(a, b, cmp);
  });

  it('has the flagged rows this pair was built for', () => {
    expect(voting.map((r) => r.metric)).toEqual(['write_MBps', 'read_MBps', 'read_iops', 'create_per_s']);
    expect(Object.fromEntries(voting.filter(flagged).map((r) => [r.metric, r.verdict]))).toEqual(expectFlagged);
  });

  it('shows one ratio [interval] per voting row, the same in the table and the chart', async () => {
    expect(await page.getByTestId('chart-compare').locator('[data-testid="compare-bar"]').count()).toBe(voting.length);
    for (const r of voting) {
      const text = formatInterval(r.ratio, r.ci, 'en');
      const row = page.locator(`[data-testid="compare-row"]${key(r)}`);
      expect(await row.locator('td.ratio-ci').innerText()).toBe(text);
      const bar = page.locator(`[data-testid="compare-bar"]${key(r)}`);
      expect(await bar.count(), `${r.test} ${r.metric}`).toBe(1);
      expect([await bar.getAttribute('data-ratio'), await bar.getAttribute('data-lo'), await bar.getAttribute('data-hi')]).toEqual([
        String(r.ratio),
        String(r.ci![0]),
        String(r.ci![1]),
      ]);
      // What a person reads on the chart: the ratio [interval] beside the bar, and the same in its tooltip.
      expect(await bar.locator('.rchart-value').innerText()).toBe(text);
      expect(await bar.getAttribute('title')).toContain(text);
    }
  });

  it('draws each bar from 1× on a log axis, with its interval over it (clipped and marked where it runs off)', async () => {
    const drawn = await page.$$eval('[data-testid="chart-compare"] [data-testid="compare-bar"]', (gs) =>
      gs.map((g) => {
        const plot = (g.querySelector('.rchart-plot') as HTMLElement).getBoundingClientRect();
        const box = (sel: string): [number, number] | null => {
          const r = (g.querySelector(sel) as HTMLElement | null)?.getBoundingClientRect();
          return r ? [(r.left - plot.left) / plot.width, (r.right - plot.left) / plot.width] : null;
        };
        return {
          ratio: Number(g.getAttribute('data-ratio')),
          lo: Number(g.getAttribute('data-lo')),
          hi: Number(g.getAttribute('data-hi')),
          clipped: g.getAttribute('data-clipped') ?? '',
          marks: g.querySelectorAll('.rchart-off').length,
          bar: box('[data-testid="compare-bar-fill"]')!,
          ci: box('[data-testid="compare-ci"]'),
        };
      }),
    );
    const max = Number(await page.getByTestId('compare-axis').getAttribute('data-max'));
    const pos = (v: number): number => Math.min(1, Math.max(0, (Math.log(v) / Math.log(max) + 1) / 2));
    for (const d of drawn) {
      // The bar runs from 1× (the middle) to the ratio; the interval from lo to hi, each clamped to the axis.
      expect(Math.min(...d.bar), JSON.stringify(d)).toBeCloseTo(Math.min(0.5, pos(d.ratio)), 2);
      expect(Math.max(...d.bar), JSON.stringify(d)).toBeCloseTo(Math.max(0.5, pos(d.ratio)), 2);
      expect(d.ci![0]).toBeCloseTo(pos(d.lo), 2);
      expect(d.ci![1]).toBeCloseTo(pos(d.hi), 2);
      const off = [d.lo < 1 / max ? 'lo' : '', d.hi > max ? 'hi' : ''].filter(Boolean).join(' ');
      expect(d.clipped).toBe(off);
      expect(d.marks).toBe(off ? off.split(' ').length : 0);
    }
  });

  it('mutes the bars within noise and colours only the flagged ones', async () => {
    const bars = await page.$$eval('[data-testid="chart-compare"] [data-testid="compare-bar"]', (gs) => {
      const css = getComputedStyle(document.documentElement);
      const probe = document.createElement('div');
      document.body.append(probe);
      const colour = (v: string): string => {
        probe.style.color = css.getPropertyValue(v);
        return getComputedStyle(probe).color;
      };
      const good = colour('--good');
      const bad = colour('--bad');
      probe.remove();
      return gs.map((g) => ({
        metric: g.getAttribute('data-metric'),
        test: g.getAttribute('data-test'),
        muted: g.getAttribute('data-muted'),
        fill: getComputedStyle(g.querySelector('[data-testid="compare-bar-fill"]') as Element).backgroundColor,
        good,
        bad,
      }));
    });
    for (const r of voting) {
      const bar = bars.find((x) => x.test === r.test && x.metric === r.metric)!;
      expect(bar.muted, `${r.test} ${r.metric}`).toBe(String(!flagged(r)));
      if (r.verdict === 'better') expect(bar.fill).toBe(bar.good);
      else if (r.verdict === 'worse') expect(bar.fill).toBe(bar.bad);
      else expect([bar.good, bar.bad]).not.toContain(bar.fill);
    }
  });

  it('shows no row with two different changes', async () => {
    expect(await page.getByTestId('compare-table').locator('thead').innerText()).not.toMatch(/%\s*change/i);
    const rows = await page.$$eval('[data-testid="compare-row"]', (trs) =>
      trs.map((tr) => ({
        text: (tr as HTMLElement).innerText,
        ratioCells: tr.querySelectorAll('td.ratio-ci').length,
        pct: tr.querySelectorAll('td.pct').length,
      })),
    );
    expect(rows).toHaveLength(cmp.rows.length);
    for (const r of rows) {
      expect(r, r.text).toMatchObject({ ratioCells: 1, pct: 0 });
      expect(r.text.match(/×/g)?.length ?? 0, r.text).toBe(1);
      expect(r.text, r.text).not.toMatch(/%/);
    }
  });

  it('puts the same ratio [interval] on the share card, the flagged rows first', async () => {
    const run = await apiCall<Run>(server, 'runs.get', b);
    const svg = renderCardSvg(run, { compare: cmp, lang: 'en' });
    // The card the Share view shows is this SVG, rendered.
    await page.getByTestId('view-compare').getByRole('button', { name: 'Share' }).click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="card-preview"]') as HTMLImageElement | null)?.naturalWidth === 1200, null, {
      timeout: 60_000,
    });
    const shown = Buffer.from((await page.getByTestId('card-preview').getAttribute('src'))!.replace(/^data:image\/png;base64,/, ''), 'base64');
    writeFileSync(join(shots, `${name}-card.png`), shown);
    expect(shown.equals(svgToPng(svg, 'en'))).toBe(true);

    const texts = cardTexts(svg);
    const pills = texts.filter((x) => /\d×/.test(x));
    expect(pills).toHaveLength(voting.length);
    for (const r of voting) {
      const text = formatInterval(r.ratio, r.ci, 'en');
      const pill = pills.filter((p) => p.includes(text));
      expect(pill, text).toHaveLength(1);
      // One change per card row: the pill holds this ratio and no other.
      expect(pill[0].match(/×/g)).toHaveLength(1);
      if (flagged(r)) expect(pill[0]).toBe(`${r.verdict === 'better' ? '▲' : '▼'} ${text}`);
    }
    const flaggedPills = pills.map((p) => /^[▲▼]/.test(p));
    const k = voting.filter(flagged).length;
    expect(flaggedPills).toEqual(voting.map((_, i) => i < k));
    expect(texts.join('\n')).toContain(cmp.summary.line);
    if (k === 0) expect(cmp.summary.line).toMatch(/^No significant change: /);
    else expect(cmp.summary.line).not.toMatch(/No significant change/);
    await page.getByTestId('nav-compare').click();
    await openCompare(a, b, cmp);
  });

  it('passes axe and is photographed at 1440 and 1024 px, light and dark', async () => {
    expect(await violationsInBothThemes(page)).toBe('');
    await shootWidthsAndThemes(page, (width, scheme) => join(shots, `${name}-${width}-${scheme}.png`), { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
  });
});

describe('bar labels on the Results charts', () => {
  it('puts each bar label after its whisker, never over it', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('nav-results').click();
    await page.locator('[data-testid="chart-throughput"] [data-testid="whisker"]').first().waitFor({ timeout: 30_000 });
    const parts = await page.locator('[data-testid="chart-throughput"] .chart-part').evaluateAll((ps) =>
      ps.map((p) => {
        const box = (e: Element): { x0: number; x1: number; y0: number; y1: number } => {
          const r = e.getBoundingClientRect();
          return { x0: r.left, x1: r.right, y0: r.top, y1: r.bottom };
        };
        return { labels: [...p.querySelectorAll('.recharts-label-list text')].map(box), whiskers: [...p.querySelectorAll('[data-testid="whisker"]')].map(box) };
      }),
    );
    expect(parts.length).toBe(2);
    for (const { labels, whiskers } of parts) {
      expect(labels.length).toBe(whiskers.length);
      expect(labels.length).toBeGreaterThan(0);
      for (const l of labels) for (const w of whiskers) expect(l.x0 < w.x1 && w.x0 < l.x1 && l.y0 < w.y1 && w.y0 < l.y1).toBe(false);
    }
  });
});
