/**
 * The UI's formatting helpers: electron/presentation/format.ts in the language the page shows now (uiLang), so the
 * views read the same strings as the card, the CLI and the exports. Only what is the UI's own lives here
 * (a translated ETA, settings values as text).
 */
import type { TFunction } from 'i18next';
import {
  MISSING,
  formatCompact,
  formatSettingValue,
  formatDate,
  formatInterval,
  formatMiB,
  formatNumber,
  formatRatio,
  formatTick,
} from '../../electron/presentation/format.js';
import { uiLang } from './i18n';

/** A measured number in the UI's language (1,234 · 56.7 · 0.42; "—" when missing). */
export function fmtNum(v: number | null | undefined): string {
  return formatNumber(v, uiLang());
}

/** A ratio to native in the UI's language (0.42×, 1.50×, 12.3×). */
export function fmtRatio(v: number | null | undefined): string {
  return formatRatio(v, uiLang());
}

/** A ratio with its interval in the UI's language ("1.42× [1.31–1.55]"). */
export function fmtInterval(ratio: number | null | undefined, ci: readonly [number, number] | null | undefined): string {
  return formatInterval(ratio, ci, uiLang());
}

/** A chart axis tick in the UI's language (250, 1,250, 12.5k). */
export function fmtTick(v: number): string {
  return formatTick(v, uiLang());
}

/** Formats seconds as "1m 05s" / "42s" (or through ui:duration.* with a translate function: 1分05秒). */
export function fmtEta(sec: number | null | undefined, t?: TFunction<'ui'>): string {
  if (sec === null || sec === undefined || !Number.isFinite(sec) || sec < 0) return MISSING;
  const s = Math.round(sec);
  const ss = String(s % 60).padStart(2, '0');
  if (s < 60) return t ? t('duration.sec', { s }) : `${s}s`;
  const m = Math.floor(s / 60);
  return t ? t('duration.min', { m, s: ss }) : `${m}m ${ss}s`;
}

/** A size given in MiB in the UI's language (512 MiB, 14.2 GiB). */
export function fmtMiB(mib: number | null | undefined): string {
  return formatMiB(mib, uiLang());
}

/** An ISO timestamp as local date and time with its zone, in the UI's language (2026-11-23 17:48 UTC+9). */
export function fmtDate(iso: string): string {
  return formatDate(iso, uiLang());
}

/** A settings value as text in the UI (a list one item a line): the one formatter, electron/presentation/format.ts. */
export function fmtValue(v: unknown): string {
  return formatSettingValue(v, { joiner: '\n' });
}

/** A compact number for tight spaces in the UI's language (1.2k → "1,200", 35k, 1.1M). */
export function fmtCompact(v: number | null | undefined): string {
  return formatCompact(v, uiLang());
}
