/** The developer-task table in Results and the run options that ask for it. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TestResult } from '../../electron/contract.js';
import { chosenTests } from '../../src/store/actions';
import { DevTreeResults, timeVerdict } from '../../src/views/dev-tree-results';
import { makeRun, result } from '../helpers/make-run.js';

const tree = (place: TestResult['place'], extract: number[], walk: number[]): TestResult => ({
  ...result('dev-tree', place, { tree_extract_s: extract, tree_walk_s: walk, tree_read_s: extract.map((x) => x / 2), tree_delete_s: walk }),
  params: { files: 2000, seed: 1, trials: 5, treeFiles: 2043, treeDirs: 251, treeLinks: 20, treeMiB: 21 },
});

describe('developer tasks in Results', () => {
  it('shows each place in seconds with slower/faster against this machine, and within noise where the trials overlap', () => {
    const run = makeRun('d', '2026-11-23T10:00:00Z', [tree('native', [1.0, 1.02, 0.99, 1.01, 1.0], [0.2, 0.21, 0.19, 0.2, 0.22])]);
    run.targets.push({
      id: 'docker', runtime: 'docker', label: 'Docker', settings: {}, probe: null, status: 'ok', errors: [],
      results: [tree('shared', [3.1, 3.0, 3.2, 3.15, 3.05], [0.21, 0.19, 0.2, 0.22, 0.2]), tree('volume', [0.5, 0.51, 0.49, 0.5, 0.52], [0.2, 0.2, 0.21, 0.19, 0.2])],
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

  it('is absent from runs without the test', () => {
    expect(renderToStaticMarkup(<DevTreeResults run={makeRun('x', '2026-11-23T10:00:00Z', [result('seq-read', 'native', { read_MBps: [1, 2, 3] })])} />)).toBe('');
  });

  it('run options: Developer tasks adds dev-tree after the disk suite, before the service tests', () => {
    expect(chosenTests(false, false)).toBeUndefined();
    expect(chosenTests(true, false)).toEqual(['seq-write', 'seq-read', 'rand-read', 'small-files', 'dev-tree', 'watch']);
    expect(chosenTests(true, true)).toEqual(['seq-write', 'seq-read', 'rand-read', 'small-files', 'dev-tree', 'watch', 'net', 'redis', 'http']);
  });
});
