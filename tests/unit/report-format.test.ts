// The share card's compact numbers (electron/presentation/format.ts formatCompact): three significant
// digits with k/M/G, trailing zeros dropped only after a decimal point. Found on the A/A card, which
// drew rand-read's 149,809 IOPS as "15k" (150 with its zero stripped).
import { describe, expect, it } from 'vitest';
import { formatCompact } from '../../electron/presentation/format.js';

describe('formatCompact', () => {
  it('keeps the zeros of a whole number of thousands, millions or billions', () => {
    expect(formatCompact(149_809, 'en')).toBe('150k');
    expect(formatCompact(100_000, 'en')).toBe('100k');
    expect(formatCompact(120_400, 'en')).toBe('120k');
    expect(formatCompact(200_000_000, 'en')).toBe('200M');
    expect(formatCompact(-310_000, 'en')).toBe('−310k');
  });

  it('drops trailing zeros after the decimal point only', () => {
    expect(formatCompact(64_775, 'en')).toBe('64.8k');
    expect(formatCompact(10_000, 'en')).toBe('10k');
    expect(formatCompact(1_500_000, 'en')).toBe('1.5M');
    expect(formatCompact(2_000_000_000, 'en')).toBe('2G');
    expect(formatCompact(647_750, 'en')).toBe('648k');
  });
});
