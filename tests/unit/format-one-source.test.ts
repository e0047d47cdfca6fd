// One formatter: numbers, ratios, intervals, missing values, dates and setting values are written by
// electron/presentation/format.ts alone. This reads every source file of src/ and electron/ and names the patterns a
// second formatter leaves behind; src/lib/format.ts may only bind the UI's language to the module.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const FORMATTER = 'electron/presentation/format.ts';
const UI_BINDING = 'src/lib/format.ts';

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Code lines of every source file but the formatter (comment lines left out: they may quote an output). */
const CODE: { file: string; line: number; text: string }[] = ['src', 'electron']
  .flatMap(sources)
  .filter((f) => f !== FORMATTER)
  .flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .map((text, i) => ({ file, line: i + 1, text }))
      .filter(({ text }) => !/^\s*(\/\/|\/\*|\*)/.test(text)),
  );

/** The patterns of a second formatter, each with what it would be. */
const PATTERNS: { name: string; re: RegExp }[] = [
  { name: "an 'en-US' literal (the language decides the locale)", re: /['"`]en-US['"`]/ },
  { name: 'a number or date written by toLocale*String', re: /\.toLocale(String|DateString|TimeString)\(/ },
  { name: 'an Intl number or date format', re: /\bIntl\.(NumberFormat|DateTimeFormat)\b/ },
  { name: 'a ratio made with toFixed', re: /toFixed\([^)]*\)\}?\s*×/ },
  { name: 'a ratio made from a bare number in a template', re: /\$\{(?![^}]*\b(fmt|format)\w*\()[^}]*\}×/ },
  { name: "a missing value written out instead of MISSING ('—', '–', >—<)", re: /['"][—–]['"]|>[—–]</ },
  { name: "a setting's value made text by hand (formatSettingValue does it)", re: /typeof \w+ === 'object' \? JSON\.stringify\(/ },
  {
    name: 'a second number, ratio, interval, size or date formatter',
    re: /function (fmt|format)(Ratio|RatioInterval|Num|Number|Compact|Interval|Date|Day|MiB|Tick)\b/,
  },
];

describe('one formatting module', () => {
  it.each(PATTERNS)('finds no $name outside electron/presentation/format.ts', ({ re }) => {
    const hits = CODE.filter((c) => re.test(c.text) && !(c.file === UI_BINDING && re.source.startsWith('function')));
    expect(hits.map((h) => `${h.file}:${h.line}: ${h.text.trim()}`)).toEqual([]);
  });

  it("lets src/lib/format.ts only bind the UI's language to the module's functions", () => {
    const text = readFileSync(join(ROOT, UI_BINDING), 'utf8');
    const bound = [...text.matchAll(/export function (fmt(?:Num|Ratio|Interval|Tick|MiB|Date|Compact))\((?:[^)]|\)(?!:))*\): string \{\n([^}]*)\}/g)];
    expect(bound.map((m) => m[1]).sort()).toEqual(['fmtCompact', 'fmtDate', 'fmtInterval', 'fmtMiB', 'fmtNum', 'fmtRatio', 'fmtTick']);
    for (const m of bound) expect(m[2].trim(), m[1]).toMatch(/^return format\w+\([^;]*uiLang\(\)\);$/);
  });
});

describe("one formatter for a setting's value", () => {
  it('writes scalars as they are, records as key=value, lists one item each, and the missing value', async () => {
    const { formatSettingValue, MISSING } = await import('../../electron/presentation/format.js');
    expect(formatSettingValue('virtiofs')).toBe('virtiofs');
    expect(formatSettingValue(6144)).toBe('6144');
    expect(formatSettingValue(false)).toBe('false');
    expect(formatSettingValue(null)).toBe(MISSING);
    expect(formatSettingValue(undefined, { missing: '' })).toBe('');
    expect(formatSettingValue([])).toBe(MISSING);
    const shares = [
      { source: '/src', target: '/mnt/src', type: 'virtiofs', opts: '' },
      { source: '/data', target: '/data', type: '9p', extra: { msize: 512 } },
    ];
    expect(formatSettingValue(shares)).toBe('source=/src · target=/mnt/src · type=virtiofs; source=/data · target=/data · type=9p · extra={"msize":512}');
    expect(formatSettingValue(shares, { joiner: '\n' }).split('\n')).toHaveLength(2);
    expect(formatSettingValue({ type: 'nfs' })).toBe('type=nfs');
  });
});
