// Writes the share card's Japanese fonts: Noto Sans JP Regular and Bold (SIL OFL 1.1, from the
// @expo-google-fonts/noto-sans-jp package) subsetted with subset-font (HarfBuzz) to what a card can
// show: ASCII, Latin-1, general punctuation and arrows the card draws, kana, CJK punctuation,
// full-width forms, JIS X 0208 level-1 kanji (2,965), and every character of the ja catalogues.
// Output: dist/fonts/NotoSansJP-card-{Regular,Bold}.ttf (about 1.3 MB each instead of 5.2 MB) and
// the licence, made by `npm run build:engine` (which calls this when the ja catalogues or this script
// are newer than the fonts) and shipped by electron-builder (dist/**, unpacked for resvg).
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const subsetFont = require('subset-font');
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const outDir = path.join(root, 'dist', 'fonts');
const WEIGHTS = [
  ['Regular', '400Regular/NotoSansJP_400Regular.ttf'],
  ['Bold', '700Bold/NotoSansJP_700Bold.ttf'],
];
const outFile = (weight) => path.join(outDir, `NotoSansJP-card-${weight}.ttf`);
const pkg = path.dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json'));

/** Every character of the range [from, to]. */
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

/** JIS X 0208 level-1 kanji: EUC-JP rows 16-47 (0xB0A1 to 0xCFD3), decoded by the platform's ICU. */
function jisLevel1() {
  const bytes = [];
  for (let hi = 0xb0; hi <= 0xcf; hi++) for (let lo = 0xa1; lo <= 0xfe; lo++) if (hi < 0xcf || lo <= 0xd3) bytes.push(hi, lo);
  return new TextDecoder('euc-jp').decode(new Uint8Array(bytes)).replace(/\uFFFD/g, '');
}

/** True when both fonts exist and are newer than this script and every ja catalogue. */
function upToDate() {
  const inputs = [new URL(import.meta.url).pathname, ...readdirSync(path.join(root, 'src/locales/ja')).map((f) => path.join(root, 'src/locales/ja', f))];
  const newest = Math.max(...inputs.map((f) => statSync(f).mtimeMs));
  return WEIGHTS.every(([w]) => existsSync(outFile(w)) && statSync(outFile(w)).mtimeMs >= newest);
}

/** Writes the subset fonts and the licence to dist/fonts (skipped when up to date unless forced). */
export async function buildCardFonts({ force = false, quiet = false } = {}) {
  if (!force && upToDate()) return;
  mkdirSync(outDir, { recursive: true });
  const catalogues = readdirSync(path.join(root, 'src/locales/ja'))
    .map((f) => readFileSync(path.join(root, 'src/locales/ja', f), 'utf8'))
    .join('');
  const text = [
    range(0x20, 0x7e),
    range(0xa0, 0xff),
    range(0x2010, 0x2027), // dashes, quotes, bullet, ellipsis
    range(0x2190, 0x2199), // arrows
    '×÷−±≈≤≥▲▼●■□',
    range(0x3000, 0x303f), // CJK punctuation
    range(0x3041, 0x309f), // hiragana
    range(0x30a0, 0x30ff), // katakana
    range(0xff01, 0xff5e), // full-width forms
    jisLevel1(),
    catalogues,
  ].join('');

  for (const [weight, file] of WEIGHTS) {
    const src = readFileSync(path.join(pkg, file));
    const out = await subsetFont(src, text, { targetFormat: 'truetype' });
    const dest = outFile(weight);
    writeFileSync(dest, out);
    if (!quiet) console.log(`${path.relative(root, dest)}: ${(out.length / 1024).toFixed(0)} KiB (from ${(src.length / 1024 / 1024).toFixed(1)} MiB)`);
  }
  copyFileSync(path.join(pkg, 'LICENSE_FONT'), path.join(outDir, 'OFL.txt'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) await buildCardFonts({ force: process.argv.includes('--force') });
