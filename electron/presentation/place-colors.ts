/**
 * One colour per place, used by every chart of the app and by the share card, so a colour keeps
 * one meaning everywhere (native slate, shared folder amber, guest disk cyan, volume violet).
 * Pure: imported by the engine (card) and the renderer (charts).
 */
import type { Place } from '../contract/contract.js';

/** The colour of each place. */
export const PLACE_COLOR: Record<Place, string> = {
  native: '#94a3b8',
  shared: '#f59e0b',
  guest: '#06b6d4',
  volume: '#8b5cf6',
};

/** The colour of the n-th target (0-based) that shows this place: the place's colour, then lighter and darker shades of it. */
export function placeShade(place: Place, n: number): string {
  const base = PLACE_COLOR[place] ?? '#94a3b8';
  if (n <= 0) return base;
  const toward = n % 2 === 1 ? 255 : 0;
  const amount = Math.min(0.6, 0.3 * Math.ceil(n / 2));
  const mix = (i: number): string => {
    const c = parseInt(base.slice(1 + 2 * i, 3 + 2 * i), 16);
    return Math.round(c + (toward - c) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${mix(0)}${mix(1)}${mix(2)}`;
}
