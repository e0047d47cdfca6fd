/** The developer-task table in Results and the run options that ask for it. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TestResult } from '../../electron/contract/contract.js';
import { defaultTests } from '../../electron/measurement/plan-estimate.js';
import { chosenTests } from '../../src/store/actions';
import { useAppStore } from '../../src/store/app-store';
import { DevTreeResults, timeVerdict, WatchResults } from '../../src/views/results/dev-tree-results';
import { englishLeft, inLang } from '../helpers/in-lang.js';
import { makeRun, result } from '../helpers/make-run.js';

const tree = (place: TestResult['place'], extract: number[], walk: number[]): TestResult => ({
  ...result('dev-tree', place, { tree_extract_s: extract, tree_walk_s: walk, tree_read_s: extract.map((x) => x / 2), tree_delete_s: walk }),
  params: { files: 2000, seed: 1, trials: 5, treeFiles: 2043, treeDirs: 251, treeLinks: 20, treeMiB: 21 },
});

describe('developer tasks in Results', () => {
  it('shows each place in seconds with slower/faster against this machine, and within noise where the trials overlap', () => {
    const run = makeRun('d', '2026-11-23T10:00:00Z', [tree('native', [1.0, 1.02, 0.99, 1.01, 1.0], [0.2, 0.21, 0.19, 0.2, 0.22])]);
    run.targets.push({
      id: 'docker',
      runtime: 'docker',
      label: 'Docker',
      settings: {},
      probe: null,
      status: 'ok',
      errors: [],
      results: [
        tree('shared', [3.1, 3.0, 3.2, 3.15, 3.05], [0.21, 0.19, 0.2, 0.22, 0.2]),
        tree('volume', [0.5, 0.51, 0.49, 0.5, 0.52], [0.2, 0.2, 0.21, 0.19, 0.2]),
      ],
    });
    const html = renderToStaticMarkup(<DevTreeResults run={run} />);
    expect(html).toContain('Developer tasks: a 2,043-file node_modules-like tree');
    const rows = html.split('data-testid="dev-tree-row"').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('This machine');
    expect(rows[0]).not.toMatch(/slower|faster|noise/);
    expect(rows[1]).toMatch(/Docker · shared folder[\s\S]*3\.1 s[\s\S]*3\.\d\d× slower[\s\S]*within noise/);
    expect(rows[2]).toMatch(/0\.5 s[\s\S]*(1\.9|2\.0)\d× faster/);
  });

  it('says "too few trials" rather than a verdict from one trial', () => {
    expect(timeVerdict([1], [3])?.words).toMatch(/^about 3\.00× slower \(too few trials\)$/);
  });

  it('shows how fast a save is seen: both modes natively, "not delivered" where inotify never fired', () => {
    const watch = (place: TestResult['place'], m: Record<string, number[]>): TestResult => result('watch', place, m);
    const run = makeRun('w', '2026-11-23T10:00:00Z', [
      watch('native', {
        watch_poll_p50_ms: [0.9, 1, 1.1],
        watch_poll_p99_ms: [3, 4, 5],
        watch_inotify_p50_ms: [0.5, 0.6, 0.7],
        watch_inotify_p99_ms: [2, 2, 3],
      }),
    ]);
    run.targets.push({
      id: 'libvirt:vm',
      runtime: 'libvirt:vm',
      label: 'libvirt vm',
      settings: {},
      probe: null,
      status: 'ok',
      errors: [{ test: 'watch', place: 'shared', code: 'inotify-not-delivered', message: 'inotify events not delivered: …' }],
      results: [watch('shared', { watch_poll_p50_ms: [40, 42, 45], watch_poll_p99_ms: [90, 95, 99] })],
    });
    const html = renderToStaticMarkup(<WatchResults run={run} />);
    const rows = html.split('data-testid="watch-row"').slice(1);
    expect(rows[0]).toMatch(/This machine[\s\S]*1 ms \(p99 4 ms\)[\s\S]*0\.6 ms \(p99 2 ms\)/);
    expect(rows[1]).toMatch(/libvirt vm · shared folder[\s\S]*42 ms \(p99 95 ms\)[\s\S]*not delivered/);
    // Inside the developer-task section when the run also has the tree.
    const both = makeRun('b', '2026-11-23T10:00:00Z', [tree('native', [1, 1, 1], [0.2, 0.2, 0.2]), run.targets[0].results[0]]);
    expect(renderToStaticMarkup(<DevTreeResults run={both} />)).toContain('data-testid="watch-table"');
  });

  it('is absent from runs without the test', () => {
    expect(renderToStaticMarkup(<DevTreeResults run={makeRun('x', '2026-11-23T10:00:00Z', [result('seq-read', 'native', { read_MBps: [1, 2, 3] })])} />)).toBe(
      '',
    );
  });

  it("shows Docker's mixed layout (project on the shared folder, node_modules in a volume) as its own row against this machine", () => {
    const run = makeRun('m', '2026-11-23T10:00:00Z', [tree('native', [1.0, 1.02, 0.99], [0.2, 0.21, 0.19])]);
    const shared = tree('shared', [3.1, 3.0, 3.2], [0.6, 0.62, 0.61]);
    Object.assign(
      shared.metrics,
      result('dev-tree', 'shared', {
        mixed_extract_s: [1.2, 1.25, 1.22],
        mixed_walk_s: [0.3, 0.31, 0.3],
        mixed_read_s: [0.6, 0.6, 0.61],
        mixed_delete_s: [0.4, 0.41, 0.4],
      }).metrics,
    );
    run.targets.push({ id: 'docker', runtime: 'docker', label: 'Docker', settings: {}, probe: null, status: 'ok', errors: [], results: [shared] });
    const rows = renderToStaticMarkup(<DevTreeResults run={run} />)
      .split('data-testid="dev-tree-row"')
      .slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/data-place="shared"[\s\S]*3\.1 s/);
    expect(rows[2]).toMatch(/data-place="mixed"[\s\S]*Docker · shared folder, node_modules in a volume[\s\S]*1\.22 s[\s\S]*1\.2\d× slower/);
  });

  it('reads in Japanese: heading, phases, seconds, slower/faster/noise words, the mixed layout and the watch table', () => {
    const run = makeRun('j', '2026-11-23T10:00:00Z', [tree('native', [1.0, 1.02, 0.99, 1.01, 1.0], [0.2, 0.21, 0.19, 0.2, 0.22])]);
    const shared = tree('shared', [3.1, 3.0, 3.2, 3.15, 3.05], [0.21, 0.19, 0.2, 0.22, 0.2]);
    Object.assign(
      shared.metrics,
      result('dev-tree', 'shared', {
        mixed_extract_s: [1.2, 1.25, 1.22],
        mixed_walk_s: [0.3, 0.31, 0.3],
        mixed_read_s: [0.6, 0.6, 0.61],
        mixed_delete_s: [0.4, 0.41, 0.4],
      }).metrics,
    );
    const watchNative = result('watch', 'native', {
      watch_poll_p50_ms: [0.9, 1, 1.1],
      watch_poll_p99_ms: [3, 4, 5],
      watch_inotify_p50_ms: [0.5, 0.6, 0.7],
      watch_inotify_p99_ms: [2, 2, 3],
    });
    run.targets[0].results.push(watchNative);
    run.targets.push({
      id: 'docker',
      runtime: 'docker',
      label: 'Docker',
      settings: {},
      probe: null,
      status: 'partial',
      errors: [{ test: 'watch', place: 'shared', code: 'inotify-not-delivered', message: 'inotify events not delivered: …' }],
      results: [
        shared,
        tree('volume', [0.5, 0.51, 0.49, 0.5, 0.52], [0.2, 0.2, 0.21, 0.19, 0.2]),
        result('watch', 'shared', { watch_poll_p50_ms: [40, 42, 45], watch_poll_p99_ms: [90, 95, 99] }),
      ],
    });
    const html = inLang('ja', () => renderToStaticMarkup(<DevTreeResults run={run} />));
    expect(html).toContain('開発作業: 2,043 ファイルの node_modules 風ツリー');
    expect(html).toMatch(/<th scope="col">測定場所<\/th>/);
    expect(html).toMatch(/title="npm install やチェックアウトに相当">展開/);
    expect(html).toContain('全読み込み');
    const rows = html.split('data-testid="dev-tree-row"').slice(1);
    expect(rows[0]).toMatch(/このマシン · ネイティブ[\s\S]*1 秒/);
    expect(rows[1]).toMatch(/Docker · 共有フォルダ[\s\S]*3\.1 秒[\s\S]*3\.\d\d× 遅い[\s\S]*誤差の範囲（1\.\d\d×）/);
    expect(rows[1]).toContain('title="5 回の中央値（最小 3、最大 3.2） 秒"');
    expect(rows[2]).toMatch(/Docker · 共有フォルダ、node_modules はボリューム[\s\S]*1\.22 秒[\s\S]*1\.2\d× 遅い/);
    expect(rows[3]).toMatch(/0\.5 秒[\s\S]*(1\.9|2\.0)\d× 速い/);
    expect(html).toContain('このマシンでの保存が各測定場所で検知されるまで');
    expect(html).toContain('ポーリング方式の監視<span class="th-hint"> 往復時間の中央値（p99）</span>');
    expect(html).toContain('1 ms（p99 4 ms）');
    expect(html).toMatch(
      /title="inotify イベントが届きません。ここではポーリング方式の監視を使ってください（CHOKIDAR_USEPOLLING=1、WATCHPACK_POLLING=true）">通知が届かない</,
    );
    expect(
      englishLeft(html, [
        'Developer tasks',
        'Extract',
        'Walk',
        'Read all',
        'Delete',
        'slower',
        'faster',
        'within noise',
        'median of',
        'Place',
        'in a volume',
        'Polling',
        'watcher',
        'not delivered',
        'A save',
      ]),
    ).toEqual([]);
    expect(timeVerdict([1], [3], 'ja')?.words).toBe('約 3.00× 遅い（試行回数不足）');
  });

  it("run options: the developer tasks follow the suite (on in standard and thorough), and the engine's defaults agree", () => {
    useAppStore.getState().setSuite('standard');
    expect(useAppStore.getState().devTree).toBe(true);
    useAppStore.getState().setSuite('quick');
    expect(useAppStore.getState().devTree).toBe(false);
    expect(defaultTests('quick')).toEqual(['seq-write', 'seq-read', 'rand-read', 'small-files']);
    expect(defaultTests('standard')).toEqual(['seq-write', 'seq-read', 'rand-read', 'small-files', 'dev-tree', 'watch']);
    expect(defaultTests('thorough')).toEqual(defaultTests('standard'));
  });

  it('run options: Developer tasks adds dev-tree after the disk suite, before the service tests', () => {
    expect(chosenTests(false, false)).toEqual(['seq-write', 'seq-read', 'rand-read', 'small-files']);
    // The suite's own default is left to the engine; anything else is named.
    expect(chosenTests(false, false, 'quick')).toBeUndefined();
    expect(chosenTests(true, false, 'standard')).toBeUndefined();
    expect(chosenTests(false, false, 'standard')).toEqual(['seq-write', 'seq-read', 'rand-read', 'small-files']);
    expect(chosenTests(true, false)).toEqual(['seq-write', 'seq-read', 'rand-read', 'small-files', 'dev-tree', 'watch']);
    expect(chosenTests(true, true)).toEqual(['seq-write', 'seq-read', 'rand-read', 'small-files', 'dev-tree', 'watch', 'net', 'redis', 'http']);
  });
});
