/** Small, total conversions for values read from CLIs and settings files. */
import { roundTo } from '../../../measurement/trial-stats.js';

/** A plain object (not an array), or undefined. */
export function asRecord(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** A finite number from a number or a numeric string, or undefined. */
export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

/** A non-empty trimmed string, or undefined. */
export function toText(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** A boolean from true/false or "true"/"false", or undefined. */
export function toBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return undefined;
}

/** Rounds to the given number of decimals. */
export function round(n: number, decimals = 0): number {
  return roundTo(n, decimals);
}

const UNIT: Record<string, number> = {
  b: 1,
  byte: 1,
  bytes: 1,
  k: 1024,
  kib: 1024,
  kb: 1000,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  mb: 1000 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
  gb: 1000 ** 3,
  t: 1024 ** 4,
  tib: 1024 ** 4,
  tb: 1000 ** 4,
};

/** Bytes from a size such as "7.655GiB", "2GiB", "512 MiB", "2147483648" or a number (bytes), or undefined. */
export function parseSize(v: unknown, defaultUnit = 'b'): number | undefined {
  const plain = toNumber(v);
  if (plain !== undefined) return plain * (UNIT[defaultUnit.toLowerCase()] ?? 1);
  if (typeof v !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(v);
  if (!m) return undefined;
  const unit = UNIT[(m[2] || defaultUnit).toLowerCase()];
  return unit === undefined ? undefined : Number(m[1]) * unit;
}

/** MiB (rounded) from bytes, or undefined. */
export function bytesToMiB(bytes: number | undefined): number | undefined {
  return bytes === undefined ? undefined : Math.round(bytes / 1024 ** 2);
}

/** GiB (one decimal) from bytes, or undefined. */
export function bytesToGiB(bytes: number | undefined): number | undefined {
  return bytes === undefined ? undefined : round(bytes / 1024 ** 3, 1);
}

/** The value at a dotted path ("virtualMachine.mount.type") of a nested object, or undefined. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    const rec = asRecord(cur);
    if (!rec || !Object.prototype.hasOwnProperty.call(rec, part)) return undefined;
    cur = rec[part];
  }
  return cur;
}

/** The first of several dotted paths that holds a value, with the path it was found at. */
export function pickPath(obj: unknown, paths: string[]): { value: unknown; path: string } | undefined {
  for (const path of paths) {
    const value = getPath(obj, path);
    if (value !== undefined && value !== null) return { value, path };
  }
  return undefined;
}

/** The first dotted version number ("1.20.0") in a text, or undefined. */
export function findVersion(text: string): string | undefined {
  return /(\d+\.\d+(?:\.\d+)?(?:[-+][0-9A-Za-z.-]+)?)/.exec(text)?.[1];
}

/** Seconds for a message, e.g. 3000 -> "3 s", 2500 -> "2.5 s". */
export function seconds(ms: number): string {
  return `${round(ms / 1000, 1)} s`;
}
