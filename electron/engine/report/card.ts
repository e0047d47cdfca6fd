/** The share card as PNG: the SVG rasterised by resvg with bundled fonts (DejaVu Sans; subset Noto Sans JP for Japanese), no browser needed. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import type { Run } from '../../contract/contract.js';
import type { Lang } from '../../messages/i18n.js';
import { packageRoot } from '../util/paths.js';
import { CARD_HEIGHT, CARD_WIDTH } from './card-kit.js';
import { renderCardSvg, type CardOptions } from './card-svg.js';
import { fileSafe } from './format.js';
import { redactText } from './redact.js';

let fontCache: string[] | null = null;

/** Where this module lives, in ESM (import.meta.url) and in a CommonJS bundle (__filename). */
function moduleUrl(): string {
  const meta = (import.meta as { url?: string } | undefined)?.url;
  if (meta) return meta;
  return pathToFileURL(typeof __filename === 'string' ? __filename : path.join(process.cwd(), 'index.js')).href;
}

/** Paths of the regular and bold DejaVu Sans files the card is drawn with. */
export function cardFontFiles(): string[] {
  if (fontCache) return fontCache;
  const pkg = createRequire(moduleUrl()).resolve('dejavu-fonts-ttf/package.json');
  const dir = path.join(path.dirname(pkg), 'ttf');
  const files = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => path.join(dir, f));
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`share card fonts not found: ${missing.join(', ')}`);
  fontCache = files;
  return files;
}

/** Paths of the subset Noto Sans JP Regular and Bold that `npm run build:engine` writes to dist/fonts (scripts/build/build-card-font.mjs). */
export function japaneseFontFiles(): string[] {
  const dir = path.join(packageRoot(), 'dist', 'fonts');
  const files = ['NotoSansJP-card-Regular.ttf', 'NotoSansJP-card-Bold.ttf'].map((f) => path.join(dir, f));
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length)
    throw new Error(`the Japanese card fonts are missing (${missing.join(', ')}): run \`npm run build:engine\` in the vmbench folder to make them`);
  return files;
}

/** Rasterises a card SVG to a 1200-pixel-wide PNG, with the Japanese fonts loaded when `lang` is ja. */
export function svgToPng(svg: string, lang: Lang = 'en'): Buffer {
  const fontFiles = lang === 'ja' ? [...japaneseFontFiles(), ...cardFontFiles()] : cardFontFiles();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: CARD_WIDTH },
    font: { loadSystemFonts: false, fontFiles, defaultFontFamily: lang === 'ja' ? 'Noto Sans JP' : 'DejaVu Sans' },
  });
  return resvg.render().asPng();
}

/** The share card of a run as a 1200x630 PNG (a before -> after card with `opts.compare`), in `opts.lang`. */
export function renderCardPng(run: Run, opts: CardOptions = {}): Buffer {
  return svgToPng(renderCardSvg(run, opts), opts.lang);
}

/** The card's size in pixels. */
export const CARD_SIZE = { width: CARD_WIDTH, height: CARD_HEIGHT } as const;

/** A file name for the card: "vmbench-<run id>.png", or "vmbench-<before>-vs-<after>.png" when comparing. */
export function cardFilename(run: Run, opts: CardOptions = {}): string {
  const safeId = (id: string): string => fileSafe(redactText(id, opts.redact));
  if (opts.compare) return `vmbench-${safeId(opts.compare.a.id)}-vs-${safeId(opts.compare.b.id)}.png`;
  return `vmbench-${safeId(run.id)}.png`;
}
