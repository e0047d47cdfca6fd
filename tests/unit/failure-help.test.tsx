import { describe, expect, it } from 'vitest';
import type { TestError } from '../../electron/contract/contract.js';
import { renderToStaticMarkup } from 'react-dom/server';
import { failedTests, failureHelp, failureOs, groupTargetErrors } from '../../src/lib/failure-help.js';
import { whyMissing } from '../../src/lib/service-run-cells.js';
import { LiveNumbers } from '../../src/components/live-numbers';
import { initialJobs, reduceJobEvent } from '../../src/store/job-reducer';
import { settleWarning } from '../../electron/engine/bench/settle.js';
import { TargetBanners } from '../../src/views/results/target-banners';
import { inLang } from '../helpers/in-lang.js';
import { makeRun, result } from '../helpers/make-run.js';

// The message the Docker transport gives when its image cannot be built (electron/engine/transports/docker/image.ts).
const BUILD =
  "Building vmbench's bench image from bench-scripts/Dockerfile failed: pull access denied. Run with --image IMAGE to use an image the engine already has.";
const err = (test: TestError['test'], place: TestError['place'], code: string, message: string): TestError => ({ test, place, code, message });

describe('failure help', () => {
  const errors = [
    ...(['seq-write', 'seq-read', 'rand-read', 'small-files'] as const).flatMap((t) =>
      (['shared', 'guest', 'volume'] as const).map((p) => err(t, p, 'image-build-failed', BUILD)),
    ),
    err('rand-read', 'volume', 'tool-missing', 'fio not found in the container'),
  ];
  it('groups identical causes into one entry with a count, most frequent first', () => {
    const groups = groupTargetErrors({ errors });
    expect(groups.map((g) => [g.code, g.count])).toEqual([
      ['image-build-failed', 12],
      ['tool-missing', 1],
    ]);
    expect(failedTests({ errors })).toEqual(['seq-write', 'seq-read', 'rand-read', 'small-files']);
  });
  it('words the fix in the app’s terms, never as a command-line flag', () => {
    const h = failureHelp({ code: 'image-build-failed', message: BUILD }, 'linux');
    expect(h.fix).toMatch(/Image field/);
    expect(`${h.cause} ${h.fix}`).not.toMatch(/--image/);
  });
  it('gives the install command for where the step ran: brew on a Mac host, apk on Alpine, apt-get otherwise', () => {
    expect(failureHelp({ code: 'tool-missing', message: 'fio not found' }, 'darwin').command).toBe('brew install fio');
    expect(failureHelp({ code: 'tool-missing', message: 'redis-server not found' }, 'Alpine Linux v3.20').command).toBe('apk add redis');
    expect(failureHelp({ code: 'tool-missing', message: 'nginx not found' }, 'Debian GNU/Linux 12').command).toBe('sudo apt-get install -y nginx-light');
    expect(failureHelp({ code: 'tool-missing', message: 'fio not found' }, 'linux').fix).toMatch(/fall back to dd/);
    // A default test skipped for the missing tool gets the same install hint.
    expect(failureHelp({ code: 'tool-skipped', message: 'fio not found' }, 'darwin')).toEqual(
      failureHelp({ code: 'tool-missing', message: 'fio not found' }, 'darwin'),
    );
    const run = { app: { version: '0', platform: 'darwin', arch: 'arm64' } };
    expect(failureOs(run, { errors: [err('seq-write', 'native', 'x', 'y')], probe: null })).toBe('darwin');
    expect(failureOs(run, { errors: [err('seq-write', 'guest', 'x', 'y')], probe: null })).toBe('linux');
  });

  it('says cause and fix in Japanese when the page is Japanese; the install command stays a command', () => {
    const build = failureHelp({ code: 'image-build-failed', message: BUILD }, 'linux', 'ja');
    expect(build.cause).toBe('この Docker エンジンで vmbench のベンチマーク用イメージをビルドできませんでした（ネットワーク接続かベースイメージが必要です）。');
    expect(build.fix).toContain('「イメージ」欄');
    expect(build.command).toBe('docker image ls');
    const fio = failureHelp({ code: 'tool-missing', message: 'fio not found' }, 'darwin', 'ja');
    expect(fio).toEqual({
      cause: 'このテストを実行する場所に fio がインストールされていません。',
      fix: 'fio をインストールしてから「再試行」を押してください。fio がない場合、ディスクテストは dd と sh のループで代替します（レイテンシのパーセンタイルなし）。',
      command: 'brew install fio',
    });
    expect(failureHelp({ code: 'tool-missing', message: 'redis-server not found' }, 'linux', 'ja').fix).toBe(
      'redis をインストールしてから「再試行」を押してください。',
    );
    expect(failureHelp({ code: 'no-space', message: 'No space left on device' }, 'linux', 'ja').cause).toBe('テスト中に測定場所のディスク容量が不足しました。');
    expect(failureHelp({ code: 'timeout', message: 'timed out' }, 'linux', 'ja').cause).toBe('テストが制限時間内に終わりませんでした。');
    // An unknown cause keeps the engine's own sentence (recorded in English); the fix is still Japanese.
    const other = failureHelp({ code: 'exit-1', message: 'fio: pid=1 err=5/file:io_u.c. More text.' }, 'linux', 'ja');
    expect(other.cause).toBe('fio: pid=1 err=5/file:io_u.c.');
    expect(other.fix).toBe('「再試行」を押してください。再び失敗する場合は、下の「エラー」にメッセージ全文があります。');
    for (const code of ['image-build-failed', 'tool-missing', 'no-space', 'timeout', 'unsupported', 'x']) {
      const h = failureHelp({ code, message: 'fio not found.' }, 'linux', 'ja');
      expect(h.fix, code).not.toMatch(/\b(Retry|Install|Choose|Free|Check|This test)\b/);
    }
  });

  it('the banner of a failed target reads in Japanese, status and cause joined by a Japanese full stop', () => {
    const run = makeRun('r', '2026-11-23T10:00:00Z', [result('seq-write', 'native', { write_MBps: [1000, 1010, 990] })]);
    run.status = 'partial';
    run.targets.push({
      id: 'docker:default',
      runtime: 'docker',
      label: 'Docker',
      settings: {},
      probe: null,
      results: [],
      status: 'failed',
      errors: errors.slice(0, 4),
    });
    const ja = inLang('ja', () => renderToStaticMarkup(<TargetBanners run={run} />));
    expect(ja).toContain('<strong>Docker</strong>: 失敗。この Docker エンジンで vmbench のベンチマーク用イメージをビルドできませんでした');
    expect(ja).toContain('<p class="banner-fix">上部の「イメージ」欄で');
    expect(ja).toMatch(/>再試行<\/button>/);
    expect(ja).not.toMatch(/could not build|Choose an image|Retry/);
    const en = renderToStaticMarkup(<TargetBanners run={run} />);
    expect(en).toContain('<strong>Docker</strong>: failed. vmbench could not build its benchmark image');
  });
});

// A step error the engine makes carries a reference: every view that quotes it says it in the page's
// language through errorText; an old stored error without a reference keeps its English.
describe('an engine error with a reference, wherever the UI quotes it', () => {
  const warning = settleWarning('seq-write', 'shared', { ms: 30_000, settled: false, limitS: 30, sync: true, leftKiB: 3 * 1024 * 1024 }) as TestError;
  const JA =
    '最初の試行の前に 30 秒待ってもライトバックが落ち着きませんでした (Dirty+Writeback がまだ 3072.0 MiB): 他の書き込みや遅いディスクのせいで、この数値が低めに出ている可能性があります。';

  it("the banner's cause of an unknown code is the first sentence in the page's language", () => {
    expect(failureHelp(warning, 'linux', 'ja').cause).toBe(JA);
    expect(failureHelp(warning, 'linux', 'en').cause).toBe(warning.message);
    expect(failureHelp({ code: warning.code, message: warning.message }, 'linux', 'ja').cause).toBe(warning.message);
  });

  it('a missing cell and a live error chip say it in Japanese', () => {
    const run = makeRun('r', '2026-01-01T00:00:00Z', [result('seq-read', 'shared', { read_MBps: [1] })]);
    run.targets[0].errors = [warning];
    expect(whyMissing(run, { target: 'local', test: 'seq-write', place: 'shared', metric: 'write_MBps' }, 'ja')).toBe(`未測定（${warning.code}）: ${JA}`);
    const job = [
      { jobId: 'j', seq: 1, type: 'job-started' as const, spec: { suite: 'quick' as const }, plan: [], startedAt: '2026-01-01T00:00:00Z' },
      { jobId: 'j', seq: 2, type: 'test-error' as const, target: 'local', error: warning },
    ].reduce(reduceJobEvent, initialJobs).jobs.j;
    expect(inLang('ja', () => renderToStaticMarkup(<LiveNumbers job={job} />))).toContain(`title="${JA}"`);
  });
});
