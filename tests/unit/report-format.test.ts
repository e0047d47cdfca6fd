// The share card's compact numbers (electron/engine/report/format.ts formatCompact): three significant
// digits with k/M/G, trailing zeros dropped only after a decimal point. Found on the A/A card, which
// drew rand-read's 149,809 IOPS as "15k" (150 with its zero stripped).
import { describe, expect, it } from 'vitest';
import { formatCompact } from '../../electron/engine/report/format.js';

describe('formatCompact', () => {
  it('keeps the zeros of a whole number of thousands, millions or billions', () => {
    expect(formatCompact(149_809)).toBe('150k');
    expect(formatCompact(100_000)).toBe('100k');
    expect(formatCompact(120_400)).toBe('120k');
    expect(formatCompact(200_000_000)).toBe('200M');
    expect(formatCompact(-310_000)).toBe('-310k');
  });

  it('drops trailing zeros after the decimal point only', () => {
    expect(formatCompact(64_775)).toBe('64.8k');
    expect(formatCompact(10_000)).toBe('10k');
    expect(formatCompact(1_500_000)).toBe('1.5M');
    expect(formatCompact(2_000_000_000)).toBe('2G');
    expect(formatCompact(647_750)).toBe('648k');
  });
});
