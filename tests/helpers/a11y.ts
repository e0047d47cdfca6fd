// Helpers of the accessibility tests: axe-core injected into a page, stored runs copied into a data folder.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './e2e-harness.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** One axe violation, reduced to what a failure message needs. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** Runs axe-core (WCAG 2 A/AA and best practices) on the page, or on `selector` only, and returns its violations. */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>;
        };
      }
    ).axe;
    const res = await axe.run(sel ? { include: [sel] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return res.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: (n.failureSummary ?? '').split('\n').slice(0, 3).join(' ') })),
    }));
  }, selector ?? null);
}

/** A readable list of violations for an assertion message. */
export function describeViolations(vs: AxeViolation[]): string {
  return vs
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 8)
          .map((n) => `  ${n.target} — ${n.summary}`)
          .join('\n')}`,
    )
    .join('\n');
}

/** Copies stored runs from tests/fixtures/runs (our own run format) into a data folder's history. */
export function seedRuns(home: string, names: string[]): void {
  const dir = join(home, 'runs');
  mkdirSync(dir, { recursive: true });
  for (const name of names) {
    const run = JSON.parse(readFileSync(join(ROOT, 'tests', 'fixtures', 'runs', `${name}.json`), 'utf8')) as { id: string };
    copyFileSync(join(ROOT, 'tests', 'fixtures', 'runs', `${name}.json`), join(dir, `${run.id}.json`));
  }
}

/** Switches the page to a theme through the system setting and waits until its CSS transitions have finished. */
export async function settleTheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** Screenshots the page at 1440 and 1024 px, light and dark, as `${path(width, scheme)}`; `after(width)` runs once per width. */
export async function shootWidthsAndThemes(
  page: Page,
  path: (width: number, scheme: string) => string,
  opts: { fullPage?: boolean; after?: (width: number) => Promise<void> } = {},
): Promise<void> {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await settleTheme(page, scheme);
      await page.screenshot({ path: path(width, scheme), fullPage: opts.fullPage });
    }
    await opts.after?.(width);
  }
}

/** axe violations of the page as it is now, in the light and then the dark theme (switched through the system setting). */
export async function violationsInBothThemes(page: Page): Promise<string> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    // Colours are measured at rest: after the theme's CSS transitions have finished.
    await settleTheme(page, scheme);
    const vs = await axeViolations(page);
    if (vs.length) found.push(`${scheme}:\n${describeViolations(vs)}`);
  }
  return found.join('\n');
}

/** The app's views, in the order the accessibility passes walk them. */
export const VIEWS = ['environments', 'advice', 'results', 'history', 'compare', 'share'] as const;

/** Opens a view from the sidebar and waits until its content (probe facts, charts, card) has arrived and transitions ended. */
export async function settleView(page: Page, view: (typeof VIEWS)[number]): Promise<void> {
  await page.getByTestId(`nav-${view}`).click();
  await page.getByTestId(`view-${view}`).waitFor();
  if (view === 'environments')
    await page.locator('[data-testid="runtime-card"][data-runtime-id="local"] [data-testid="probe-facts"]').waitFor({ timeout: 60_000 });
  if (view === 'advice') await page.locator('[data-testid="advice-list"], [data-testid="advice-empty"]').first().waitFor({ timeout: 60_000 });
  if (view === 'results') await page.locator('[data-testid="chart-throughput"] svg.recharts-surface[role="application"]').first().waitFor({ timeout: 30_000 });
  if (view === 'history') await page.getByTestId('history-list').waitFor();
  if (view === 'compare') await page.getByTestId('compare-table').waitFor({ timeout: 30_000 });
  if (view === 'share')
    await page.waitForFunction(() => (document.querySelector('[data-testid="card-preview"]') as HTMLImageElement | null)?.naturalWidth === 1200, null, {
      timeout: 60_000,
    });
  // Let transitions and chart animations end so colours are measured at rest.
  await page.waitForTimeout(800);
}
