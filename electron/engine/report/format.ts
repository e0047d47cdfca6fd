/** Shared helpers of the exports and the share card: labels and the host's probe (numbers and dates: electron/presentation/format.ts; ratios to native: electron/measurement/native-ratio.ts). */
import type { Place, ProbeInfo, Run, TargetRun, TestId } from '../../contract/contract.js';
import { formatMiB } from '../../presentation/format.js';
import { targetLabel } from '../../presentation/headline.js';
import { translator, type Lang } from '../../messages/i18n.js';
import { baselineTarget } from '../../measurement/native-ratio.js';

/** A test's human name in a language ("Sequential write", "シーケンシャル書き込み"). */
export function testLabel(test: TestId, lang: Lang = 'en'): string {
  return translator(lang)(`common:test.${test}`);
}

/** A place's human name in a language ("shared folder", "共有フォルダ"). */
export function placeLabel(place: Place, lang: Lang = 'en'): string {
  return translator(lang)(`common:place.${place}`);
}

/** The probe that describes the host: the native target's, else the first one found. */
export function hostProbe(run: Run): ProbeInfo | null {
  const native = baselineTarget(run);
  return (native?.probe ? native : run.targets.find((t) => t.probe))?.probe ?? null;
}

/** One line about a target's system in a language: "Debian 12 · kernel 6.1.0 · x86_64 · 8 CPUs · 16 GiB RAM". */
export function describeProbe(p: ProbeInfo | null, lang: Lang = 'en'): string {
  const t = translator(lang);
  if (!p) return t('report:probe.none');
  const parts = [
    p.os,
    p.kernel ? t('report:probe.kernel', { version: p.kernel }) : '',
    p.arch,
    p.cpus ? t('report:probe.cpus', { count: p.cpus }) : '',
    p.cpuModel ?? '',
  ];
  if (p.memMiB) parts.push(t('report:probe.ram', { size: formatMiB(p.memMiB, lang) }));
  return parts.filter((x) => x && x.trim()).join(' · ');
}

/** The target's display name in a language, falling back to its id (this machine's own label is translated). */
export function targetName(t: Pick<TargetRun, 'id' | 'label'>, lang: Lang = 'en'): string {
  return targetLabel(t, lang);
}

/** A string safe as a file name part: "2026-01-15T09-30-00-lima:default" -> "2026-01-15T09-30-00-lima-default". */
export function fileSafe(s: string): string {
  return (
    s
      .replace(/[^\w.-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 120) || 'run'
  );
}
