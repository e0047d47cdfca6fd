/** Shared helpers of the exports and the share card: labels, native ratios, the host's probe (numbers and dates: electron/shared/format.ts). */
import type { Place, ProbeInfo, Run, TargetRun, TestId } from '../../shared/contract.js';
import { formatMiB } from '../../shared/format.js';
import { targetLabel } from '../../shared/headline.js';
import { translator, type Lang } from '../../shared/i18n.js';

/** A test's human name in a language ("Sequential write", "シーケンシャル書き込み"). */
export function testLabel(test: TestId, lang: Lang = 'en'): string {
  return translator(lang)(`common:test.${test}`);
}

/** A place's human name in a language ("shared folder", "共有フォルダ"). */
export function placeLabel(place: Place, lang: Lang = 'en'): string {
  return translator(lang)(`common:place.${place}`);
}

/** Native medians of the run by test and metric: the baseline ratios are computed against. */
export function nativeBaseline(run: Run): Map<string, number> {
  const base = new Map<string, number>();
  for (const t of run.targets) {
    for (const r of t.results) {
      if (r.place !== 'native') continue;
      for (const [m, s] of Object.entries(r.metrics)) {
        const k = `${r.test}/${m}`;
        if (!base.has(k) && Number.isFinite(s.median)) base.set(k, s.median);
      }
    }
  }
  return base;
}

/** value ÷ native for the same test and metric, or null when there is no usable baseline. */
export function ratioToNative(base: Map<string, number>, test: TestId, metric: string, value: number): number | null {
  const n = base.get(`${test}/${metric}`);
  if (n === undefined || n === 0 || !Number.isFinite(value)) return null;
  return value / n;
}

/** The probe that describes the host: the native target's, else the first one found. */
export function hostProbe(run: Run): ProbeInfo | null {
  const native = run.targets.find((t) => t.probe && t.results.some((r) => r.place === 'native'));
  return (native ?? run.targets.find((t) => t.probe))?.probe ?? null;
}

/** One line about a target's system in a language: "Debian 12 · kernel 6.1.0 · x86_64 · 8 CPUs · 16 GiB RAM". */
export function describeProbe(p: ProbeInfo | null, lang: Lang = 'en'): string {
  const t = translator(lang);
  if (!p) return t('report:probe.none');
  const parts = [p.os, p.kernel ? t('report:probe.kernel', { version: p.kernel }) : '', p.arch, p.cpus ? t('report:probe.cpus', { count: p.cpus }) : '', p.cpuModel ?? ''];
  if (p.memMiB) parts.push(t('report:probe.ram', { size: formatMiB(p.memMiB, lang) }));
  return parts.filter((x) => x && x.trim()).join(' · ');
}

/** The target's display name in a language, falling back to its id (this machine's own label is translated). */
export function targetName(t: Pick<TargetRun, 'id' | 'label'>, lang: Lang = 'en'): string {
  return targetLabel(t, lang);
}

/** A string safe as a file name part: "2026-01-15T09-30-00-lima:default" -> "2026-01-15T09-30-00-lima-default". */
export function fileSafe(s: string): string {
  return s.replace(/[^\w.-]+/g, '-').replace(/^[-.]+|-+$/g, '').slice(0, 120) || 'run';
}
