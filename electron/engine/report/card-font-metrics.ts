/** Advance widths of DejaVu Sans (regular and bold) so the card can measure text before rasterising; kana and kanji (Noto Sans JP) are one em. */
import { isWide } from '../../presentation/wide-chars.js';

// Thousandths of an em, read from the hmtx tables of DejaVuSans.ttf / DejaVuSans-Bold.ttf 2.37:
// printable ASCII (0x20-0x7e) in order, then the extra characters in EXTRA.
const EXTRA = '…·—–→×÷µ▲▼−±≈';
const REGULAR = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838,
  531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390,
  838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337,
  636, 838, 1000, 318, 1000, 500, 838, 838, 838, 636, 769, 769, 838, 838, 838,
];
const BOLD = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838,
  580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457,
  838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365,
  712, 838, 1000, 380, 1000, 500, 838, 838, 838, 736, 769, 769, 838, 838, 838,
];

function advance(ch: string, bold: boolean): number {
  const c = ch.codePointAt(0) ?? 0;
  // Noto Sans JP draws every kana, kanji and full-width form one em wide; its Latin is narrower than DejaVu's, so DejaVu's widths stay an upper bound.
  if (isWide(ch)) return 1000;
  const i = c >= 0x20 && c <= 0x7e ? c - 0x20 : EXTRA.includes(ch) ? 95 + EXTRA.indexOf(ch) : -1;
  if (i < 0) return bold ? 800 : 750;
  return (bold ? BOLD : REGULAR)[i];
}

/** Width in pixels of a line of text in DejaVu Sans at `size` px, letter-spacing included. */
export function measureText(s: string, size: number, bold = false, spacing = 0): number {
  let w = 0;
  let n = 0;
  for (const ch of s) {
    w += advance(ch, bold);
    n++;
  }
  return (w / 1000) * size + spacing * n;
}
