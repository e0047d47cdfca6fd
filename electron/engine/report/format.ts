/** Shared formatting for the exports and the share card: numbers, labels, native ratios. */
import type { Place, ProbeInfo, Run, TargetRun, TestId } from '../../contract.js';
import { targetLabel } from '../../headline.js';
import { translator, type Lang } from '../../i18n.js';
import { roundFigure } from '../bench/stats.js';

/** A test's human name in a language ("Sequential write", "シーケンシャル書き込み"). */
export function testLabel(test: TestId, lang: Lang = 'en'): string {
  return translator(lang)(`common:test.${test}`);
}

/** A place's human name in a language ("shared folder", "共有フォルダ"). */
export function placeLabel(place: Place, lang: Lang = 'en'): string {
  return translator(lang)(`common:place.${place}`);
}

/** A figure rounded for display with thousands separators: 1096.6 -> "1,097", 3.456 -> "3.46". */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const r = roundFigure(x);
  const decimals = Math.abs(r) >= 100 ? 0 : Math.abs(r) >= 10 ? 1 : 2;
  return r.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: decimals });
}

/** A figure in at most about four characters for big type: 1096.6 -> "1,097", 125431 -> "125k". */
export function formatCompact(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  const sig3 = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)).replace(/\.(\d*?)0+$/, (_m, d: string) => (d ? `.${d}` : ''));
  if (a >= 1e9) return `${x < 0 ? '-' : ''}${sig3(a / 1e9)}G`;
  if (a >= 1e6) return `${x < 0 ? '-' : ''}${sig3(a / 1e6)}M`;
  if (a >= 1e4) return `${x < 0 ? '-' : ''}${sig3(a / 1e3)}k`;
  return formatNumber(x);
}

/** A ratio to native: 0.4213 -> "0.42×", 0.8 -> "0.80×", 1.5 -> "1.5×", 12.3 -> "12×". */
export function formatRatio(r: number): string {
  if (!Number.isFinite(r)) return '—';
  const v = r >= 10 ? Math.round(r).toString() : r >= 0.995 ? (Math.round(r * 10) / 10).toFixed(1) : r >= 0.01 ? r.toFixed(2) : '<0.01';
  return `${v}×`;
}

/** An ISO time as "2026-01-15 09:30 UTC" ("2026/01/15 09:30 UTC" in ja); anything unparsable is returned as is. */
export function formatDate(iso: string, lang: Lang = 'en'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatDay(iso, lang)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** The day part of an ISO time (UTC): "2026-01-15", "2026/01/15" in ja. */
export function formatDay(iso: string, lang: Lang = 'en'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const day = d.toISOString().slice(0, 10);
  return lang === 'ja' ? day.replace(/-/g, '/') : day;
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
  if (p.memMiB) parts.push(t('report:probe.ram', { size: p.memMiB >= 1024 ? `${Math.round(p.memMiB / 102.4) / 10} GiB` : `${p.memMiB} MiB` }));
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
