// The formatter's edge cases that a reader would see go wrong: a tiny negative duration read as "−0.00 s", a missing
// size read as "0 KiB", a bare figure with a trailing space, a negative factor or axis tick losing its sign or unit,
// a bound of 0.1 or 0 written with more decimals than its ratio, and a duration estimate written as a range that does
// not grow (the survivors of `npm run mutate -- format`; electron/presentation/format.ts).
import { describe, expect, it } from 'vitest';
import {
  MISSING,
  formatAboutRange,
  formatBytes,
  formatDecimal,
  formatFactor,
  formatInterval,
  formatRatio,
  formatSettingValue,
  formatTick,
  formatWithUnit,
} from '../../electron/presentation/format.js';

const words: Parameters<typeof formatAboutRange>[2] = (key, p) => `${key}:${Object.values(p).join('-')}`;

describe('electron/presentation/format.ts at its edges', () => {
  it('a duration the CLI prints with fixed decimals is missing when unknown and never "−0.00" when it rounds to zero', () => {
    // `vmbench detect` prints formatDecimal(durationMs / 1000, lang, 1); summary's copy and upload times 2 decimals.
    for (const lang of ['en', 'ja'] as const) {
      expect([null, undefined, Number.NaN, Infinity].map((x) => formatDecimal(x, lang, 2))).toEqual([MISSING, MISSING, MISSING, MISSING]);
      expect(formatDecimal(-0.001, lang, 2)).toBe('0.00');
      expect(formatDecimal(-0.04, lang, 1)).toBe('0.0');
      expect(formatDecimal(-0.05, lang, 2)).toBe('\u22120.05');
      expect(formatDecimal(-1234.567, lang, 1)).toBe('\u22121,234.6');
    }
  });

  it('a figure without a unit is the figure alone, with no trailing space', () => {
    expect(formatWithUnit(5, '', 'en')).toBe('5');
    expect(formatWithUnit(1096.6, '', 'ja')).toBe('1,097');
  });

  it('a missing size is the missing value, not "0 KiB"', () => {
    expect([null, undefined, Infinity].map((x) => formatBytes(x, 'en'))).toEqual([MISSING, MISSING, MISSING]);
  });

  it('a negative factor keeps its minus and its decimals, and never reads as "<0.000001"', () => {
    expect(formatRatio(-0.5, 'en')).toBe('\u22120.50×');
    expect(formatFactor(-12.34, 'ja')).toBe('\u221212.3');
    expect(formatFactor(-2e-7, 'en')).toBe('\u22120.0000002');
  });

  it("an interval's bound of 0.1 or more, or of exactly 0, takes the ratio's decimals (only a bound strictly between 0 and 0.1 gets more)", () => {
    // A wide interval around 12.3×: the bounds read with its one decimal.
    expect(formatInterval(12.34, [0.0995, 20], 'en')).toBe('12.3× [0.1–20.0]');
    expect(formatInterval(12.34, [0, 20], 'en')).toBe('12.3× [0.0–20.0]');
    expect(formatInterval(150, [0, 300], 'ja')).toBe('150× [0–300]');
    expect(formatInterval(12.34, [-0.5, 20], 'en')).toBe('12.3× [\u22120.5–20.0]');
    // Strictly between 0 and 0.1: two significant digits, more than the ratio's.
    expect(formatInterval(12.34, [0.0994, 20], 'en')).toBe('12.3× [0.099–20.0]');
  });

  it('negative axis ticks keep their unit and sign', () => {
    expect([-2_500_000, -25_000, -9_999, -999_999].map((v) => formatTick(v, 'en'))).toEqual(['\u22122.5M', '\u221225k', '\u22129,999', '\u22121M']);
  });

  it('an estimate reads as a range only when its longest end reads longer than its shortest', () => {
    // More trials that add less than the rounding: one figure.
    expect(formatAboutRange(50, 54, words)).toBe('about.sec:50');
    expect(formatAboutRange(150, 170, words)).toBe('about.min:3');
    // A "longest" below the estimate (nothing to add): the estimate alone, not a range that shrinks.
    expect(formatAboutRange(200, 100, words)).toBe('about.min:3');
    expect(formatAboutRange(80, 30, words)).toBe('about.sec:80');
  });

  it('a setting value of any kind: a scalar as it is, a record as pairs, a list item by item (records and lists inside lists too)', () => {
    expect([7, 'x', false, 3n].map((v) => formatSettingValue(v))).toEqual(['7', 'x', 'false', '3']);
    expect(formatSettingValue([{ a: 1 }, [2, null], 'z'], { joiner: ' | ', missing: '-' })).toBe('a=1 | 2 | - | z');
    expect(formatSettingValue({})).toBe('');
  });
});
