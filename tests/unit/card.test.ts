import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { COLOR, textWidth } from '../../electron/engine/report/card-kit.js';
import { formatInterval } from '../../electron/presentation/format.js';
import { cardFilename, cardFontFiles, renderCardPng, renderCardSvg, svgToPng, type RedactContext } from '../../electron/engine/report/index.js';
import { brightPixels, decodePng, type Image } from '../helpers/png.js';
import { scaleMetric } from '../helpers/scale-metric.js';

const fixture = (name: string): Run => JSON.parse(readFileSync(new URL(`../fixtures/runs/${name}.json`, import.meta.url), 'utf8')) as Run;
const ctx: RedactContext = { home: '/Users/alice', user: 'alice', host: 'alices-macbook-pro.local' };

function lumaStdDev(img: Image): number {
  let sum = 0;
  let sq = 0;
  const n = img.width * img.height;
  for (let i = 0; i < n; i++) {
    const l = 0.2126 * img.rgba[i * 4] + 0.7152 * img.rgba[i * 4 + 1] + 0.0722 * img.rgba[i * 4 + 2];
    sum += l;
    sq += l * l;
  }
  return Math.sqrt(sq / n - (sum / n) ** 2);
}

describe('share card PNG', () => {
  const run = fixture('quick-multi');
  const png = renderCardPng(run, { redact: ctx });
  const img = decodePng(png);

  it('is a 1200x630 PNG according to its IHDR', () => {
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
    expect(img.width).toBe(1200);
    expect(img.height).toBe(630);
    expect(png.length).toBeGreaterThan(20_000);
  });

  it('is not blank and has text drawn with the bundled fonts', () => {
    expect(lumaStdDev(img)).toBeGreaterThan(12);
    for (const f of cardFontFiles()) expect(existsSync(f)).toBe(true);
    // The title (white, bold) sits in this box; without glyphs there is only the dark gradient there.
    expect(brightPixels(img, 56, 95, 500, 140)).toBeGreaterThan(1500);
    // The first row's big numbers.
    expect(brightPixels(img, 330, 225, 1144, 265)).toBeGreaterThan(1500);
  });

  it('draws glyphs for text at all (an SVG with and without a word differ)', () => {
    const svg = (t: string): string =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#000"/><text x="100" y="300" font-size="80" fill="#fff">${t}</text></svg>`;
    expect(brightPixels(decodePng(svgToPng(svg(''))), 0, 0, 1200, 630)).toBe(0);
    expect(brightPixels(decodePng(svgToPng(svg('vmbench 1,097 MB/s'))), 0, 0, 1200, 630)).toBeGreaterThan(5000);
  });
});

describe('share card SVG', () => {
  const run = fixture('quick-multi');
  const svg = renderCardSvg(run, { redact: ctx });

  it('shows the headline numbers, ratios to native and the footer facts', () => {
    for (const s of ['2,210', '2,872', '48.2k', '21.4k', '931', '1,209', '21.7k', '3,104', '0.42× native', '0.15× native', 'baseline'])
      expect(svg).toContain(`>${s}<`);
    // The title line is the Results headline of the first guest place (same ratios as the rows).
    expect(svg).toContain('>Lima default · shared folder: sequential writes at 0.42× this machine<');
    expect(svg).toContain('2026-01-15 · macOS 15.2 · kernel Darwin 24.2.0 · 10 CPUs · fio 3.38 · quick suite');
    // Five target/place rows: four shown, one counted.
    expect(svg).toContain('+1 more');
  });

  it('never contains the home path, user, host, IP or MAC of the input', () => {
    for (const s of [/alice/i, /Users\//, /192\.0\.2\./, /198\.51\.100\./, /fe80/i, /52:55:55/, /TESTSERIAL/]) expect(svg).not.toMatch(s);
    const r = fixture('quick-multi');
    r.targets[1].label = 'alices-macbook-pro VM at 192.0.2.7';
    expect(renderCardSvg(r, { redact: ctx })).toContain('&lt;host&gt; VM at &lt;ip&gt;');
  });

  it('escapes XML so that any label renders', () => {
    const r = fixture('quick-multi');
    r.targets[1].label = `<script>&"'\u0001`;
    r.suite = 'quick';
    const out = renderCardSvg(r, { redact: ctx });
    expect(out).toContain('&lt;script&gt;&amp;&quot;&apos;');
    expect(out).not.toContain('<script>');
    expect(() => svgToPng(out)).not.toThrow();
  });

  it('stays in bounds with one target or a very long name', () => {
    const one = fixture('quick-multi');
    one.targets = [one.targets[0]];
    const s1 = renderCardSvg(one, { redact: ctx });
    expect(s1).toContain('>This machine<');
    expect(s1).not.toContain('more');
    const long = fixture('quick-multi');
    long.targets[1].label = 'An extraordinarily long runtime name that would never fit on one line of the card';
    long.targets = long.targets.slice(0, 2);
    const s2 = renderCardSvg(long, { redact: ctx });
    const [, size, title] = /<text x="56" y="134" font-size="(\d+)"[^>]*>([^<]*)</.exec(s2)!;
    expect(title.startsWith('An extraordinarily long runtime name')).toBe(true);
    expect(textWidth(title, Number(size), true)).toBeLessThanOrEqual(1200 - 2 * 56);
    // Without a native baseline there is no headline: the title names the runtime and is shortened, never its tail.
    const noBase = fixture('quick-multi');
    noBase.targets = [noBase.targets[1]];
    noBase.targets[0].label = long.targets[1].label;
    const t3 = /<text x="56" y="134"[^>]*>([^<]*)</.exec(renderCardSvg(noBase, { redact: ctx }))![1];
    expect(t3.endsWith('…')).toBe(true);
    expect(renderCardPng(long, { redact: ctx }).readUInt32BE(16)).toBe(1200);
  });

  it('says so when a run has no results', () => {
    const empty = { ...fixture('quick-multi'), targets: [] };
    expect(renderCardSvg(empty, { redact: ctx })).toContain('No results in this run');
  });
});

describe('before -> after card', () => {
  const before = fixture('libvirt-before');
  // The guest's random reads made 2× faster by construction: a real change among noise.
  const after = scaleMetric(fixture('libvirt-after'), { target: 'libvirt:web', place: 'guest', test: 'rand-read', metric: 'read_iops' }, 2);
  const cmp = compareRuns(before, after);
  const svg = renderCardSvg(after, { compare: cmp, redact: ctx });

  it('lists the flagged row with its ratio [interval], and the within-noise rows with theirs, as Compare classifies them', () => {
    expect(svg).toContain('>Before → after<');
    // Before and after are the geometric means of the trials, the figures the ratio is of.
    for (const s of ['1,305', '2,999', '182', '200', '240', '235']) expect(svg).toContain(`>${s}<`);
    const iops = cmp.rows.find((r) => r.target === 'libvirt:web' && r.metric === 'read_iops')!;
    expect(iops.verdict).toBe('better');
    expect(svg).toMatch(new RegExp(`fill="${COLOR.good}"[^>]*>▲ ${formatInterval(iops.ratio, iops.ci, 'en').replace(/[.[\]]/g, '\\$&')}<`));
    // The 1.7% lower sequential read is noise by the trials: never drawn as a red regression, but with its ratio.
    expect(svg).not.toContain(`fill="${COLOR.bad}"`);
    const seqRead = cmp.rows.find((r) => r.target === 'libvirt:web' && r.metric === 'read_MBps' && r.test === 'seq-read')!;
    expect(svg).toContain(`>≈ ${formatInterval(seqRead.ratio, seqRead.ci, 'en')}<`);
    expect(svg).toContain(cmp.summary.line);
    expect(cmp.summary.line).toMatch(/^1 better, 0 worse/);
  });

  it('reads "No significant change" when nothing was flagged, every row still with its ratio [interval]', () => {
    const same = compareRuns(before, fixture('libvirt-after'));
    const card = renderCardSvg(fixture('libvirt-after'), { compare: same, redact: ctx });
    expect(same.summary.better + same.summary.worse).toBe(0);
    expect(card).toContain('No significant change: ');
    expect(card).not.toContain(`fill="${COLOR.good}"`);
    expect(card).not.toContain(`fill="${COLOR.bad}"`);
    expect(card.match(/>≈ \d+\.\d+× \[\d+\.\d+–\d+\.\d+\]</g)?.length).toBeGreaterThanOrEqual(4);
  });

  it('puts the target that changed first and counts what does not fit', () => {
    const first = svg.indexOf('libvirt:web · guest disk');
    const local = svg.indexOf('local · native');
    expect(first).toBeGreaterThan(0);
    expect(local).toBeGreaterThan(first);
    expect(svg).toContain('+2 more');
  });

  it('renders to a 1200x630 PNG and names the file after both runs', () => {
    const png = renderCardPng(after, { compare: cmp, redact: ctx });
    const img = decodePng(png);
    expect([img.width, img.height]).toEqual([1200, 630]);
    expect(brightPixels(img, 56, 95, 400, 140)).toBeGreaterThan(1000);
    expect(cardFilename(after, { compare: cmp, redact: ctx })).toBe('vmbench-2026-01-20T14-00-00-test-before-vs-2026-01-20T14-20-00-test-after.png');
    expect(cardFilename(after, { redact: ctx })).toBe('vmbench-2026-01-20T14-20-00-test-after.png');
  });
});
