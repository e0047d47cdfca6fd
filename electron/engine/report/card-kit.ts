/** Drawing kit of the share card: size, palette, XML escaping, text measuring, the frame. */
import type { Place } from '../../contract/contract.js';
import { PLACE_COLOR as APP_PLACE_COLOR } from '../../presentation/place-colors.js';
import type { Lang } from '../../messages/i18n.js';
import { measureText } from './card-font-metrics.js';

/** Card size in pixels (the Open Graph image size). */
export const CARD_WIDTH = 1200;
/** Card height in pixels. */
export const CARD_HEIGHT = 630;
/** Outer margin. */
export const MARGIN = 56;

/** Font size of the card title. */
export const TITLE_SIZE = 38;

/** Colours of the card. */
export const COLOR = {
  text: '#f4f6fd',
  muted: '#9aa4c4',
  dim: '#5f6a8e',
  rule: '#ffffff1f',
  track: '#ffffff14',
  good: '#34d399',
  warn: '#fbbf24',
  bad: '#f87171',
  neutral: '#9aa4c4',
} as const;

/** Accent colour of each place (dots and bars): the same palette as the app's charts. */
export const PLACE_COLOR: Record<Place, string> = APP_PLACE_COLOR;

/** Escapes text for XML content and attribute values; drops characters XML 1.0 forbids. */
export function xml(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Width of a text line in pixels, measured with the card's font metrics. */
export function textWidth(s: string, size: number, bold = false, spacing = 0): number {
  return measureText(s, size, bold, spacing);
}

/** The largest font size up to `size` at which the text fits `maxWidth`. */
export function fitSize(s: string, maxWidth: number, size: number, bold = false): number {
  const w = measureText(s, size, bold);
  return w <= maxWidth ? size : Math.max(8, Math.floor((size * maxWidth) / w));
}

/** Shortens text with an ellipsis until its estimated width fits. */
export function fit(s: string, maxWidth: number, size: number, bold = false): string {
  if (textWidth(s, size, bold) <= maxWidth) return s;
  let chars = [...s];
  while (chars.length > 1 && textWidth(`${chars.join('')}…`, size, bold) > maxWidth) chars = chars.slice(0, -1);
  return `${chars.join('').trimEnd()}…`;
}

/** Options of a text element. */
export interface TextOpts {
  size: number;
  fill?: string;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  spacing?: number;
  opacity?: number;
}

/** A text element; `content` is escaped here, `raw` tspans (already escaped) are appended. */
export function text(x: number, y: number, content: string, o: TextOpts, raw = ''): string {
  const attrs = [
    `x="${r(x)}"`,
    `y="${r(y)}"`,
    `font-size="${o.size}"`,
    `fill="${o.fill ?? COLOR.text}"`,
    o.bold ? 'font-weight="bold"' : '',
    o.anchor && o.anchor !== 'start' ? `text-anchor="${o.anchor}"` : '',
    o.spacing ? `letter-spacing="${o.spacing}"` : '',
    o.opacity !== undefined ? `opacity="${o.opacity}"` : '',
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${xml(content)}${raw}</text>`;
}

/** A tspan continuing a text element (escaped). */
export function tspan(content: string, o: Partial<TextOpts> & { dx?: number }): string {
  const attrs = [
    o.size ? `font-size="${o.size}"` : '',
    o.fill ? `fill="${o.fill}"` : '',
    o.bold === false ? 'font-weight="normal"' : o.bold ? 'font-weight="bold"' : '',
    o.dx ? `dx="${o.dx}"` : '',
  ].filter(Boolean);
  return `<tspan ${attrs.join(' ')}>${xml(content)}</tspan>`;
}

/** Rounds a coordinate to 0.1 px for compact SVG. */
export function r(x: number): string {
  return String(Math.round(x * 10) / 10);
}

/** A rounded rectangle. */
export function rect(x: number, y: number, w: number, h: number, fill: string, radius = 0): string {
  return `<rect x="${r(x)}" y="${r(y)}" width="${r(Math.max(0, w))}" height="${r(Math.max(0, h))}" rx="${radius}" fill="${fill}"/>`;
}

/** The colour of a ratio to native: green near native, amber half way, red far below. */
export function ratioColor(ratio: number): string {
  return ratio >= 0.9 ? COLOR.good : ratio >= 0.5 ? COLOR.warn : COLOR.bad;
}

/** Everything around the body: background, wordmark, title, subtitle, footer. */
export interface Frame {
  title: string;
  titleSuffix: string;
  subtitle: string;
  badge: string;
  footerLeft: string;
  footerRight: string;
  /** The SVG font-family list (cardFontFamily of the card's language). */
  fontFamily?: string;
}

/** The fonts a card's text is set in: DejaVu Sans for English; Noto Sans JP (kana, kanji, Latin) for Japanese, DejaVu Sans for any symbol it lacks. */
export function cardFontFamily(lang: Lang): string {
  return lang === 'ja' ? "'Noto Sans JP', 'DejaVu Sans'" : "'DejaVu Sans'";
}

/** The SVG document with background, header and footer; `body` is placed between them. */
export function frame(f: Frame, body: string): string {
  const W = CARD_WIDTH;
  const H = CARD_HEIGHT;
  const defs = `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0a0f1f"/><stop offset="0.55" stop-color="#0f1730"/><stop offset="1" stop-color="#1b1236"/></linearGradient>
<radialGradient id="glow" cx="0.88" cy="0.05" r="0.6"><stop offset="0" stop-color="#3b82f6" stop-opacity="0.28"/><stop offset="1" stop-color="#3b82f6" stop-opacity="0"/></radialGradient>
<radialGradient id="glow2" cx="0.05" cy="1" r="0.5"><stop offset="0" stop-color="#a855f7" stop-opacity="0.16"/><stop offset="1" stop-color="#a855f7" stop-opacity="0"/></radialGradient>
<linearGradient id="mark" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#22d3ee"/><stop offset="1" stop-color="#818cf8"/></linearGradient>
</defs>`;
  const mark = [rect(MARGIN, 58, 7, 16, 'url(#mark)', 2), rect(MARGIN + 10, 50, 7, 24, 'url(#mark)', 2), rect(MARGIN + 20, 42, 7, 32, 'url(#mark)', 2)].join(
    '',
  );
  const wordmark = text(MARGIN + 38, 72, 'vmbench', { size: 28, bold: true, spacing: 0.5 });
  const badgeSize = 15;
  const badgeW = textWidth(f.badge, badgeSize, true, 1) + 36;
  const badge = `${rect(W - MARGIN - badgeW, 44, badgeW, 34, '#ffffff14', 17)}${text(W - MARGIN - badgeW / 2, 66, f.badge, { size: badgeSize, bold: true, fill: COLOR.muted, anchor: 'middle', spacing: 1 })}`;
  // A long title (a headline sentence) shrinks to 24 px before it is shortened.
  const titleSize = f.titleSuffix ? TITLE_SIZE : Math.max(24, fitSize(f.title, W - 2 * MARGIN, TITLE_SIZE, true));
  const suffixW = f.titleSuffix ? textWidth(f.titleSuffix, titleSize) + 12 : 0;
  const titleText = fit(f.title, W - 2 * MARGIN - suffixW, titleSize, true);
  const title = text(
    MARGIN,
    134,
    titleText,
    { size: titleSize, bold: true },
    f.titleSuffix ? tspan(f.titleSuffix, { bold: false, fill: COLOR.muted, dx: 12 }) : '',
  );
  const subtitle = text(MARGIN, 168, fit(f.subtitle, W - 2 * MARGIN, 17), { size: 17, fill: COLOR.muted });
  const footerRightW = textWidth(f.footerRight, 15) + 24;
  const footer = [
    rect(MARGIN, 566, W - 2 * MARGIN, 1, COLOR.rule),
    text(MARGIN, 598, fit(f.footerLeft, W - 2 * MARGIN - footerRightW, 15), { size: 15, fill: COLOR.muted }),
    text(W - MARGIN, 598, f.footerRight, { size: 15, fill: COLOR.dim, anchor: 'end' }),
  ].join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${xml(f.fontFamily ?? cardFontFamily('en'))}">`,
    defs,
    rect(0, 0, W, H, 'url(#bg)'),
    rect(0, 0, W, H, 'url(#glow)'),
    rect(0, 0, W, H, 'url(#glow2)'),
    mark,
    wordmark,
    badge,
    title,
    subtitle,
    body,
    footer,
    '</svg>',
  ].join('\n');
}
