import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { PLACE_COLOR, placeShade } from '../../electron/presentation/place-colors.js';
import { PLACE_COLOR as CARD_PLACE_COLOR } from '../../electron/engine/report/card-kit';
import { formatTick } from '../../electron/presentation/format.js';
import { niceTicks } from '../../src/lib/chart-scale';
import { placeColors, smallFilesRatioData, throughputData } from '../../src/lib/run-data';

const stat = (median: number, min: number, max: number) => ({ median, min, max, n: 3 });
const tool = { name: 'fio', version: '3.33', method: 'fio' };
const run = {
  id: 'r',
  targets: [
    {
      id: 'local',
      runtime: 'local',
      label: 'This machine',
      results: [
        { test: 'seq-write', place: 'native', metrics: { write_MBps: stat(1050, 1000, 1100) }, tool, params: {}, command: '' },
        {
          test: 'small-files',
          place: 'native',
          metrics: { create_per_s: stat(10000, 9000, 11000), stat_per_s: stat(50000, 49000, 51000) },
          tool,
          params: {},
          command: '',
        },
      ],
      errors: [],
    },
    {
      id: 'docker:default',
      runtime: 'docker',
      label: 'Docker',
      results: [
        { test: 'seq-write', place: 'shared', metrics: { write_MBps: stat(300, 250, 320) }, tool, params: {}, command: '' },
        {
          test: 'small-files',
          place: 'shared',
          metrics: { create_per_s: stat(1000, 800, 1500), stat_per_s: stat(25000, 20000, 30000) },
          tool,
          params: {},
          command: '',
        },
        { test: 'small-files', place: 'guest', metrics: { create_per_s: stat(8000, 7000, 9000) }, tool, params: {}, command: '' },
      ],
      errors: [],
    },
    {
      id: 'lima:dev',
      runtime: 'lima',
      label: 'Lima dev',
      results: [{ test: 'seq-write', place: 'shared', metrics: { write_MBps: stat(200, 190, 210) }, tool, params: {}, command: '' }],
      errors: [],
    },
  ],
} as unknown as Run;

describe('chart scales', () => {
  it('uses nice ticks (1, 2, 2.5, 5 × 10^n) that cover the maximum', () => {
    expect(niceTicks(1400)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(1050)).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(niceTicks(3.2)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(0)).toEqual([0, 1]);
    // No tick is a rounded label of something else: 1,250 is written out, not "1.3k".
    expect(formatTick(1250, 'en')).toBe('1,250');
    expect(formatTick(25000, 'en')).toBe('25k');
    expect(formatTick(0.25, 'en')).toBe('0.25');
  });
});

describe('one colour per place everywhere', () => {
  it('the share card uses the charts’ palette', () => {
    expect(CARD_PLACE_COLOR).toEqual(PLACE_COLOR);
  });

  it('colours each series by its place, shading a second target of the same place', () => {
    const c = placeColors(run);
    expect(c['local__native']).toBe(PLACE_COLOR.native);
    expect(c['docker:default__shared']).toBe(PLACE_COLOR.shared);
    expect(c['docker:default__guest']).toBe(PLACE_COLOR.guest);
    expect(c['lima:dev__shared']).toBe(placeShade('shared', 1));
    expect(placeShade('shared', 1)).not.toBe(PLACE_COLOR.shared);
    expect(placeShade('shared', 2)).not.toBe(placeShade('shared', 1));
  });
});

describe('chart data', () => {
  it('gives every throughput bar its min–max whisker', () => {
    const rows = throughputData(run);
    expect(rows[0]).toMatchObject({ key: 'local__native', write_MBps: 1050, write_MBps_err: [50, 50] });
    expect(rows[1]).toMatchObject({ key: 'docker:default__shared', write_MBps_err: [50, 20] });
  });

  it('gives small files as ratios to native with whiskers and the absolute ops/s', () => {
    const data = smallFilesRatioData(run)!;
    expect(data.series.map((s) => s.key)).toEqual(['docker:default__shared', 'docker:default__guest']);
    expect(data.rows.map((r) => r.op)).toEqual(['create', 'stat']);
    expect(data.rows[0]).toMatchObject({ 'docker:default__shared': 0.1, 'docker:default__shared_abs': 1000, 'docker:default__guest': 0.8 });
    expect(data.rows[0]['docker:default__shared_err']).toEqual([0.02, 0.05]);
    expect(data.rows[1]).toMatchObject({ 'docker:default__shared': 0.5 });
  });
});
