// Writes the UI's Japanese fallback font: Noto Sans JP (SIL OFL 1.1, from the
// @expo-google-fonts/noto-sans-jp package) in every weight the CSS uses, subsetted with subset-font
// (HarfBuzz, as scripts/build/build-card-font.mjs does for the share card) to the characters the UI can
// show in Japanese: every character of the catalogues of every language (the ja ones, and Japanese quoted in
// the others, such as a Japanese source's title; 「日本語」, the language switch's name of Japanese, is in all of
// them), the non-ASCII characters of the UI's and the engine's source (component literals), kana, CJK
// punctuation and full-width forms. Output, committed: src/assets/fonts/noto-sans-jp-ui-<weight>.woff2 and
// ui-font.json (the characters and each file's sha256). tests/unit/ui-font-subset.test.ts fails when
// a catalogue or source gains a character the subset lacks: then run `node scripts/build/build-ui-font.mjs`.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
/** Where the fonts and their manifest live (imported by src/styles/base.css). */
export const UI_FONT_DIR = path.join(root, 'src', 'assets', 'fonts');
/** The weights the CSS asks for (400 to 700; 550 and 650 are matched by 600 and 700) and their source files. */
export const UI_FONT_WEIGHTS = [
  [400, '400Regular/NotoSansJP_400Regular.ttf'],
  [500, '500Medium/NotoSansJP_500Medium.ttf'],
  [600, '600SemiBold/NotoSansJP_600SemiBold.ttf'],
  [700, '700Bold/NotoSansJP_700Bold.ttf'],
];
/** The file of one weight. */
export const uiFontFile = (weight) => path.join(UI_FONT_DIR, `noto-sans-jp-ui-${weight}.woff2`);
const MANIFEST = path.join(UI_FONT_DIR, 'ui-font.json');

/** Every character of the range [from, to]. */
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

/** The files under dir (recursively) whose name ends with one of exts. */
function filesUnder(dir, exts) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(p, exts);
    return exts.some((x) => e.name.endsWith(x)) ? [p] : [];
  });
}

/** True for a character the font's unicode-range (CSS) sends to this font: CJK punctuation, kana, kanji, full-width forms. */
export function inUiFontRange(ch) {
  const c = ch.codePointAt(0);
  return (
    (c >= 0x3000 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xffef)
  );
}

/** The characters of every language's catalogues and of the UI's and the engine's source within the font's unicode-range, sorted. */
export function uiTextChars() {
  const texts = [
    ...filesUnder(path.join(root, 'src', 'locales'), ['.json']),
    ...filesUnder(path.join(root, 'src'), ['.ts', '.tsx']),
    ...filesUnder(path.join(root, 'electron'), ['.ts']),
  ].map((f) => readFileSync(f, 'utf8'));
  return [...new Set(texts.join(''))].filter(inUiFontRange).sort().join('');
}

/** The characters the subset must hold, sorted: uiTextChars() and the whole of kana, CJK punctuation and full-width forms. */
export function uiFontChars() {
  const fixed = [range(0x3000, 0x303f), range(0x3041, 0x309f), range(0x30a0, 0x30ff), range(0xff01, 0xff5e)];
  return [...new Set([...fixed.join(''), ...uiTextChars()])].sort().join('');
}

/** The manifest written next to the fonts: the characters and each file's sha256. */
export function readUiFontManifest() {
  return JSON.parse(readFileSync(MANIFEST, 'utf8'));
}

/** sha256 of a file, hex. */
export const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Writes a file through a temp file and a rename, so a failed build leaves the earlier file. */
function writeAtomic(file, data) {
  writeFileSync(`${file}.tmp`, data, { flush: true });
  renameSync(`${file}.tmp`, file);
}

/** Writes the subset fonts, the licence and the manifest to src/assets/fonts. */
export async function buildUiFonts({ quiet = false } = {}) {
  const subsetFont = require('subset-font');
  const pkg = path.dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json'));
  mkdirSync(UI_FONT_DIR, { recursive: true });
  const chars = uiFontChars();
  const files = {};
  for (const [weight, file] of UI_FONT_WEIGHTS) {
    const out = await subsetFont(readFileSync(path.join(pkg, file)), chars, { targetFormat: 'woff2' });
    const dest = uiFontFile(weight);
    writeAtomic(dest, out);
    files[path.basename(dest)] = sha256(dest);
    if (!quiet) console.log(`${path.relative(root, dest)}: ${(out.length / 1024).toFixed(0)} KiB`);
  }
  writeAtomic(path.join(UI_FONT_DIR, 'OFL.txt'), readFileSync(path.join(pkg, 'LICENSE_FONT')));
  writeAtomic(MANIFEST, `${JSON.stringify({ source: '@expo-google-fonts/noto-sans-jp', chars, files }, null, 1)}\n`);
  if (!quiet) console.log(`${chars.length} characters`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) await buildUiFonts();
