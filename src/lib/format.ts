import type { TFunction } from 'i18next';
import { formatDate, isLang } from '../../electron/i18n';
import { i18n } from './i18n';

/** Formats a measured number with a precision that suits its size (1,234 · 56.7 · 0.42). */
export function fmtNum(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const abs = Math.abs(v);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** Formats a ratio to native (0.42×). */
export function fmtRatio(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return '—';
  return `${v >= 10 ? v.toFixed(0) : v.toFixed(2)}×`;
}

/** Formats seconds as "1m 05s" / "42s" (or through ui:duration.* with a translate function: 1分05秒). */
export function fmtEta(sec: number | null | undefined, t?: TFunction<'ui'>): string {
  if (sec === null || sec === undefined || !Number.isFinite(sec) || sec < 0) return '—';
  const s = Math.round(sec);
  const ss = String(s % 60).padStart(2, '0');
  if (s < 60) return t ? t('duration.sec', { s }) : `${s}s`;
  const m = Math.floor(s / 60);
  return t ? t('duration.min', { m, s: ss }) : `${m}m ${ss}s`;
}

/** Formats MiB as a readable size (512 MiB, 14.2 GiB). */
export function fmtMiB(mib: number | null | undefined): string {
  if (mib === null || mib === undefined || !Number.isFinite(mib)) return '—';
  if (mib >= 1024 * 1024) return `${(mib / 1024 / 1024).toFixed(1)} TiB`;
  if (mib >= 1024) return `${(mib / 1024).toFixed(1)} GiB`;
  return `${Math.round(mib)} MiB`;
}

/** Formats an ISO timestamp as a local date and time in the UI's language (2026/11/23 17:48). */
export function fmtDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatDate(isLang(i18n.language) ? i18n.language : 'en', d, { time: true });
}

/** Renders any settings value as text. */
export function fmtValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  // Lists of records (a domain's disks, NICs, shares; Vagrant's synced folders): one readable line each.
  if (Array.isArray(v)) return v.length === 0 ? '—' : v.map((x) => (x && typeof x === 'object' && !Array.isArray(x) ? fmtRecord(x as Record<string, unknown>) : fmtValue(x))).join('\n');
  if (typeof v === 'object') return fmtRecord(v as Record<string, unknown>);
  return String(v);
}

function fmtRecord(r: Record<string, unknown>): string {
  return Object.entries(r)
    .filter(([, x]) => x !== null && x !== undefined && x !== '')
    .map(([k, x]) => `${k}=${typeof x === 'object' ? JSON.stringify(x) : String(x)}`)
    .join(' · ');
}

/** Compact number for tight spaces: 1.2k, 35k, 1.1M. */
export function fmtCompact(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  if (a >= 1e6) return `${(v / 1e6).toFixed(a >= 1e7 ? 0 : 1)}M`;
  if (a >= 1e4) return `${(v / 1e3).toFixed(a >= 1e5 ? 0 : 1)}k`;
  return fmtNum(v);
}
