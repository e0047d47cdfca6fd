// The styles written in electron/presentation/format.ts's doc comment, one per thing: numbers, compact numbers, ratios,
// intervals, signed percentages, sizes, the minus sign, the missing value and dates (local time with the
// zone shown; other zones are named, as the formatter allows: a worker thread, where StrykerJS runs these tests, cannot change its TZ).
import { describe, expect, it } from 'vitest';
import {
  MISSING,
  formatCompact,
  formatDate,
  formatDateSpan,
  formatAbout,
  formatAboutRange,
  formatDay,
  formatFactor,
  formatInterval,
  formatMiB,
  formatNumber,
  formatRatio,
  formatSettingValue,
  formatSignedPercent,
  formatTick,
  formatWithUnit,
  formatZone,
} from '../../electron/presentation/format.js';

describe('electron/presentation/format.ts', () => {
  it('writes figures with decimals by size, grouped as each language writes them, with U+2212 for minus', () => {
    for (const lang of ['en', 'ja'] as const) {
      expect([1096.6, 56.71, 0.4213, 99.96, 9.996, 0, -3.456, -0.001].map((x) => formatNumber(x, lang))).toEqual([
        '1,097',
        '56.7',
        '0.42',
        '100',
        '10',
        '0',
        '\u22123.46',
        '0',
      ]);
      expect(formatWithUnit(1096.6, 'MB/s', lang)).toBe('1,097 MB/s');
    }
  });

  it('writes one missing value for null, undefined, NaN and infinities', () => {
    expect(MISSING).toBe('—');
    for (const f of [formatNumber, formatCompact, formatRatio, formatFactor, formatMiB, formatSignedPercent]) {
      for (const x of [null, undefined, Number.NaN, Infinity]) expect(f(x, 'en')).toBe('—');
    }
    expect(formatInterval(null, [1, 2], 'ja')).toBe('—');
    expect(formatWithUnit(null, 'MB/s', 'en')).toBe('—');
  });

  it('writes ratios with 2 decimals below 10, 1 below 100, none above, and their intervals with the same decimals', () => {
    expect([0.4213, 0.8, 1.5, 9.999, 12.34, 150.4].map((r) => formatRatio(r, 'en'))).toEqual(['0.42×', '0.80×', '1.50×', '10.0×', '12.3×', '150×']);
    expect(formatFactor(3.09, 'ja')).toBe('3.09');
    expect(formatInterval(1.4215, [1.312, 1.549], 'en')).toBe('1.42× [1.31–1.55]');
    expect(formatInterval(12.34, [11.06, 13.71], 'ja')).toBe('12.3× [11.1–13.7]');
    expect(formatInterval(0.3212, null, 'en')).toBe('0.32×');
  });

  it('writes a ratio below 0.1 and the bounds below 0.1 of any interval with two significant digits, so a tiny ratio and its interval stay apart', () => {
    // A throttle to 200 IOPS against ~88,000: the ratio and both bounds used to read 0.00 ("<0.01× [0.00–0.00]").
    expect(formatInterval(0.00231, [0.00208, 0.00254], 'en')).toBe('0.0023× [0.0021–0.0025]');
    expect(formatInterval(0.00231, [0.00208, 0.00254], 'ja')).toBe('0.0023× [0.0021–0.0025]');
    expect([0.099, 0.0567, 0.05, 0.0099, 0.00996, 0.003, 3.4e-5].map((r) => formatRatio(r, 'en'))).toEqual([
      '0.099×',
      '0.057×',
      '0.050×',
      '0.0099×',
      '0.010×',
      '0.0030×',
      '0.000034×',
    ]);
    expect([0.0996, 0.1, 0].map((r) => formatFactor(r, 'en'))).toEqual(['0.10', '0.10', '0.00']);
    // A ratio from 0.1 keeps its decimals; only its bounds below 0.1 get more, a bound from 0.1 the ratio's.
    expect(formatInterval(0.12, [0.0851, 0.171], 'en')).toBe('0.12× [0.085–0.17]');
    expect(formatInterval(12.34, [9.1, 15.2], 'en')).toBe('12.3× [9.1–15.2]');
    // Above 0 and below a millionth: "<0.000001", the ratio and its bounds alike (never a 0).
    expect(formatInterval(4e-7, [2e-7, 3e-6], 'en')).toBe('<0.000001× [<0.000001–0.0000030]');
  });

  it('writes a ratio at each band\'s edge in the style of what it rounds to (the doc comment\'s "of the ratio once rounded")', () => {
    // Bands: 0 decimals from 100, 1 from 10, 2 from 0.1, two significant digits below 0.1, "<0.000001" below a millionth.
    // A ratio just under an edge that rounds up to it takes the next band's style: 99.96 is "100×", never "100.0×".
    const cases: [number, string][] = [
      [99.94, '99.9×'],
      [99.96, '100×'],
      [100, '100×'],
      [9.994, '9.99×'],
      [9.996, '10.0×'],
      [10, '10.0×'],
      [0.09949, '0.099×'],
      [0.09951, '0.10×'],
      [0.09996, '0.10×'],
      [0.00994, '0.0099×'],
      [0.009996, '0.010×'],
      [0.0009996, '0.0010×'],
      [1e-6, '0.0000010×'],
      [9.99e-7, '<0.000001×'],
    ];
    for (const lang of ['en', 'ja'] as const) expect(cases.map(([r]) => formatRatio(r, lang))).toEqual(cases.map(([, t]) => t));
    // The bounds take the decimals of the ratio once rounded; a bound below 0.1 its own two significant digits.
    expect(formatInterval(99.96, [95.24, 104.7], 'en')).toBe('100× [95–105]');
    expect(formatInterval(9.996, [9.512, 10.49], 'en')).toBe('10.0× [9.5–10.5]');
    expect(formatInterval(0.5, [0.09996, 0.904], 'en')).toBe('0.50× [0.10–0.90]');
    expect(formatInterval(0.5, [0.09949, 0.904], 'en')).toBe('0.50× [0.099–0.90]');
  });

  it('writes compact figures, signed percentages, sizes and axis ticks', () => {
    expect([149_809, 64_775, 10_000, 1_500_000, 2e9, -310_000, 9_999].map((x) => formatCompact(x, 'en'))).toEqual([
      '150k',
      '64.8k',
      '10k',
      '1.5M',
      '2G',
      '\u2212310k',
      '9,999',
    ]);
    expect([12.4, -8, 0.2, -0.2].map((x) => formatSignedPercent(x, 'en'))).toEqual(['+12%', '\u22128%', '0%', '0%']);
    expect([512, 6144, 14_540, 2 * 1024 * 1024].map((x) => formatMiB(x, 'ja'))).toEqual(['512 MiB', '6 GiB', '14.2 GiB', '2 TiB']);
    expect([1250, 25_000, 0.25, 12_500_000].map((x) => formatTick(x, 'en'))).toEqual(['1,250', '25k', '0.25', '12.5M']);
  });

  it('writes dates in local time with the zone shown, the day with dashes in en and slashes in ja', () => {
    // The local zone is the test's TZ (UTC, vitest.config.ts); other zones by name, as a worker thread cannot change its TZ.
    const at = '2026-01-15T09:30:00.000Z';
    expect(formatDate(at, 'en')).toBe('2026-01-15 09:30 UTC');
    expect(formatDate(at, 'ja')).toBe('2026/01/15 09:30 UTC');
    expect(formatDate(at, 'ja', 'Asia/Tokyo')).toBe('2026/01/15 18:30 UTC+9');
    expect(formatDay('2026-01-15T20:00:00.000Z', 'en', 'Asia/Tokyo')).toBe('2026-01-16');
    expect(formatDate(at, 'en', 'America/New_York')).toBe('2026-01-15 04:30 UTC\u22125');
    // Summer time: the offset of the moment, not of the zone's winter.
    expect(formatDate('2026-07-15T09:30:00.000Z', 'en', 'America/New_York')).toBe('2026-07-15 05:30 UTC\u22124');
    expect(formatDate(at, 'en', 'Asia/Kolkata')).toBe('2026-01-15 15:00 UTC+5:30');
    expect(formatDate(at, 'en', 'America/St_Johns')).toBe('2026-01-15 06:00 UTC\u22123:30');
    expect(formatDate('2026-01-15T23:59:59.999Z', 'en', 'UTC')).toBe('2026-01-15 23:59 UTC');
    expect(formatDateSpan(at, '2026-01-15T09:50:00.000Z', 'en', 'Asia/Kolkata')).toBe('2026-01-15 15:00 \u2192 15:20 UTC+5:30');
    expect(formatDateSpan(at, '2026-01-16T09:50:00.000Z', 'ja', 'Asia/Kolkata')).toBe('2026/01/15 \u2192 2026/01/16');
    expect(formatDateSpan('2026-01-15T23:50:00.000Z', '2026-01-16T00:10:00.000Z', 'en')).toBe('2026-01-15 \u2192 2026-01-16');
    expect(formatZone(new Date(at), 'Asia/Tokyo')).toBe('UTC+9');
    expect(formatZone(new Date(at))).toBe('UTC');
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatDay('not a date', 'ja')).toBe('not a date');
  });

  // Each threshold at its exact value (the survivors of `npm run mutate` where > and >= were not told apart).
  it('switches unit, decimals and words exactly at each threshold, not one step later', () => {
    expect([9999, 10_000, 999_999, 1e6, 1e9].map((x) => formatTick(x, 'en'))).toEqual(['9,999', '10k', '1M', '1M', '1,000M']);
    expect([9999, 10_000, 999_999, 1e6, 999_999_999, 1e9, -1e6].map((x) => formatCompact(x, 'en'))).toEqual([
      '9,999',
      '10k',
      '1M',
      '1M',
      '1G',
      '1G',
      '\u22121M',
    ]);
    expect(formatCompact(0, 'en')).toBe('0');
    expect([1023, 1024, 1024 * 1024 - 1, 1024 * 1024].map((x) => formatMiB(x, 'en'))).toEqual(['1,023 MiB', '1 GiB', '1,024 GiB', '1 TiB']);
    // A ratio's decimals: 2 below 9.995, 1 up to 99.95, none from there (99.96 reads "100×", as the figure rounds).
    expect([9.994, 9.995, 99.94, 99.95, 99.96].map((x) => formatRatio(x, 'en'))).toEqual(['9.99×', '10.0×', '99.9×', '100×', '100×']);
    expect([0.0995, 0.0994].map((x) => formatRatio(x, 'en'))).toEqual(['0.10×', '0.099×']);
    expect(formatInterval(0.5, [0.0995, 0.9], 'en')).toBe('0.50× [0.10–0.90]');
    expect(formatInterval(0.5, [0, 0.9], 'en')).toBe('0.50× [0.00–0.90]');
    const t: Parameters<typeof formatAbout>[1] = (key, p) => `${key}:${Object.values(p).join('-')}`;
    expect([89, 90].map((s) => formatAbout(s, t))).toEqual(['about.sec:90', 'about.min:2']);
    expect(formatAboutRange(60, 60, t)).toBe('about.sec:60');
    expect(formatAboutRange(61, 60, t)).toBe('about.sec:60');
    expect(formatAboutRange(30, 89, t)).toBe('about.secRange:30-90');
    expect(formatAboutRange(30, 90, t)).toBe('about.mixedRange:30-2');
    expect(formatAboutRange(89, 200, t)).toBe('about.mixedRange:90-3');
    expect(formatAboutRange(90, 200, t)).toBe('about.minRange:2-3');
  });

  it('writes a negative zero, a minus inside a figure and a missing number as it should', () => {
    expect(formatNumber(-0.0001, 'en')).toBe('0');
    expect(formatNumber(-1234.5, 'en')).toBe('\u22121,235');
    expect(formatNumber(-1234.5, 'ja')).toBe('\u22121,235');
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, null, undefined, '12' as unknown as number])
      for (const f of [formatNumber, formatCompact, formatRatio, formatFactor, formatSignedPercent, formatMiB]) expect(f(bad, 'en')).toBe(MISSING);
    expect(MISSING).toBe('\u2014');
  });

  it('a span across a change of offset on one day names both times with their zones, not one zone for both', () => {
    // New York moves its clocks on 2026-03-08 at 02:00: 01:30 UTC−5, then 03:30 UTC−4.
    expect(formatDateSpan('2026-03-08T06:30:00.000Z', '2026-03-08T07:30:00.000Z', 'en', 'America/New_York')).toBe('2026-03-08 \u2192 2026-03-08');
  });

  it('formatSettingValue writes each kind of setting value: text as is, numbers and flags, lists and records, missing', () => {
    expect(formatSettingValue('virtiofs')).toBe('virtiofs');
    expect(formatSettingValue('')).toBe('');
    expect([4, 0, true, false, 10n].map((v) => formatSettingValue(v))).toEqual(['4', '0', 'true', 'false', '10']);
    expect([null, undefined, []].map((v) => formatSettingValue(v))).toEqual([MISSING, MISSING, MISSING]);
    expect(formatSettingValue(null, { missing: 'unset' })).toBe('unset');
    expect(formatSettingValue(['a', 2, null])).toBe(`a; 2; ${MISSING}`);
    expect(formatSettingValue(['a', 'b'], { joiner: ', ' })).toBe('a, b');
    expect(formatSettingValue({ bus: 'virtio', dev: 'vda', cache: null, io: undefined, tag: '', opts: { a: 1 } })).toBe('bus=virtio · dev=vda · opts={"a":1}');
    expect(formatSettingValue([{ bus: 'ide', dev: 'hda' }, { model: 'virtio' }])).toBe('bus=ide · dev=hda; model=virtio');
    expect(formatSettingValue([['x', 'y']])).toBe('x; y');
  });
});

describe('formatBytes', () => {
  it('rounds KiB up below 1 MiB and goes to MiB and GiB at their exact thresholds', async () => {
    const { formatBytes } = await import('../../electron/presentation/format.js');
    expect(formatBytes(1, 'en')).toBe('1 KiB');
    expect(formatBytes(1024, 'en')).toBe('1 KiB');
    expect(formatBytes(1025, 'en')).toBe('2 KiB');
    expect(formatBytes(1024 * 1024 - 1, 'en')).toBe('1,024 KiB');
    expect(formatBytes(1024 * 1024, 'en')).toBe('1 MiB');
    expect(formatBytes(17.4 * 1024 * 1024, 'en')).toBe('17 MiB');
    expect(formatBytes(1024 * 1024 * 1024, 'en')).toBe('1 GiB');
    expect(formatBytes(1.25 * 1024 * 1024 * 1024, 'en')).toBe('1.3 GiB');
    expect(formatBytes(Number.NaN, 'en')).toBe('—');
  });
});
