/** The CLI's run and compare tables in Japanese: translated words, Japanese headline, and columns that line up although kana and kanji take two terminal columns. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { compareTable, runTable } from '../../electron/cli/summary.js';
import { displayWidth, formatTable } from '../../electron/cli/table.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { scaleMetric } from '../helpers/scale-metric.js';

const fixture = (name: string): Run => JSON.parse(readFileSync(new URL(`../fixtures/runs/${name}.json`, import.meta.url), 'utf8')) as Run;

describe('CLI tables in Japanese', () => {
  it('counts kana and kanji two columns wide', () => {
    expect(displayWidth('共有フォルダ')).toBe(12);
    expect(displayWidth('local: 成功')).toBe(11);
    const t = formatTable(
      ['場所', 'n'],
      [
        ['ネイティブ', 3],
        ['guest', 10],
      ],
    ).split('\n');
    expect(t.map(displayWidth)).toEqual([14, 14, 14, 14]);
  });

  it('run summary: places, statuses and the headline in Japanese, every row as wide as the header', () => {
    const out = runTable(fixture('quick-multi'), 'ja');
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^実行 \S+（クイック、完了）— n 回の試行の中央値、最小、最大$/);
    expect(lines[1]).toMatch(/^ターゲット\s+場所\s+テスト\s+指標\s+中央値\s+最小\s+最大\s+n\s+単位\s+ネイティブ比$/);
    const rows = lines.slice(
      1,
      lines.findIndex((l) => l.startsWith('ツール:')),
    );
    // The last column (the ratio) is right-aligned: a row that lines up ends where the header ends.
    for (const r of rows) expect(displayWidth(r), r).toBe(displayWidth(lines[1]));
    expect(out).toMatch(/lima:default\s+共有フォルダ\s+seq-write\s+write_MBps/);
    expect(out).toContain('要点:');
    expect(out).toContain('  Lima default · 共有フォルダ：シーケンシャル書き込みはこのマシンの0.42×');
    expect(out).not.toMatch(/shared folder|median|this machine/);
    // English stays the default.
    expect(runTable(fixture('quick-multi'))).toMatch(/^Run \S+ \(quick, completed\) — median of n trials, min and max/);
  });

  it('compare: sides, verdict words, the summary line and the method in Japanese', () => {
    const out = compareTable(
      compareRuns(
        fixture('libvirt-before'),
        scaleMetric(fixture('libvirt-after'), { target: 'libvirt:web', place: 'guest', test: 'rand-read', metric: 'read_iops' }, 2),
      ),
      'ja',
    );
    expect(out).toMatch(/^A（変更前）: \S+\nB（変更後）: \S+/);
    expect(out).toMatch(/^改善 1、悪化 0、誤差の範囲 \d+ · 参考指標 \d+（判定対象外）/m);
    expect(out).toMatch(/ゲストディスク\s+rand-read\s+read_iops\s+1,305\s+2,999\s+2\.\d\d× \[\S+\]\s+3\/3\s+改善$/m);
    expect(out).toMatch(/ゲストディスク\s+rand-read\s+read_MBps.*参考（判定対象外）$/m);
    expect(out).toMatch(/^ターゲット\s+場所\s+テスト\s+指標\s+A\s+B\s+B\/A \[区間\]\s+試行\s+判定$/m);
    expect(out).toMatch(/^方法: 試行の幾何平均の比/m);
    expect(out).toMatch(/^判定する指標: \d+ 個、各区間は 99\.\d+%（比較全体で 5%）$/m);
    const same = compareTable(compareRuns(fixture('libvirt-before'), fixture('libvirt-after')), 'ja');
    expect(same).toMatch(/^有意な変化なし：誤差の範囲 \d+/m);
  });
});
