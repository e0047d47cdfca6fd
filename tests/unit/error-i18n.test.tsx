/**
 * Engine errors in Japanese and English: the envelope carries the English message and a reference into
 * the errors catalogue (common.json errors.*), and the faces render the reference in their language.
 * Real engine over a temp data folder, real JobManager and run lock; no runtime is touched.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CATALOGUE } from '../../electron/contract/test-catalogue.js';
import { ApiError, unwrap } from '../../electron/contract/api-client.js';
import type { JobEvent } from '../../electron/contract/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { runSpecSchema } from '../../electron/engine/api-schemas.js';
import { conflictError } from '../../electron/engine/apply-kit/types.js';
import { checkDomainName } from '../../electron/engine/runtimes/libvirt/apply.js';
import { setSyncedFolderType, VagrantfileEditRefused } from '../../electron/engine/advisor/apply/vagrantfile-edit.js';
import { EngineError, engineError, stateRef } from '../../electron/engine/util/errors.js';
import { JobManager } from '../../electron/engine/util/jobs.js';
import { acquireRunLock, checkDataDir } from '../../electron/engine/store/data-dir.js';
import { errorText, isMsgRef } from '../../electron/messages/error-text.js';
import { msg } from '../../electron/messages/finding-text.js';
import { createI18n, type Lang } from '../../electron/messages/i18n.js';
import { RunOutcome } from '../../src/components/run-outcome';
import { initialAppData, useAppStore } from '../../src/store/app-store';
import type { JobState } from '../../src/store/job-reducer';

let dir: string;
let engine: Engine;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vmbench-error-i18n-'));
  engine = createEngine({ dataDir: dir, mode: 'cli' });
});
afterEach(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

describe('engine errors as messages', () => {
  /** The error of a run.start the engine refuses. */
  const start = async (spec: unknown): Promise<{ message: string; ref?: unknown; code: string }> => {
    const env = await engine.dispatch('run.start', [spec]);
    if (env.ok) throw new Error('accepted');
    return env.error;
  };

  it('the envelope carries the English message and its reference; both languages render it', async () => {
    const env = await engine.dispatch('runs.get', ['nosuch-1']);
    expect(env).toEqual({
      ok: false,
      error: {
        code: 'not-found',
        message: 'No run with id nosuch-1. `vmbench runs` lists the stored runs.',
        ref: { key: 'errors.runNotFound', params: { id: 'nosuch-1' } },
      },
    });
    if (env.ok) throw new Error('unreachable');
    expect(errorText(env.error, 'en')).toBe(env.error.message);
    expect(errorText(env.error, 'ja')).toBe('ID nosuch-1 の実行はありません。`vmbench runs` で保存済みの実行を一覧できます。');
  });

  it('run.start arguments that fail their check: a bad test, target id or image, in both languages', async () => {
    const test = await start({ suite: 'quick', tests: ['seq-write', 'fio'] });
    expect(test).toMatchObject({
      code: 'invalid-input',
      message: `Unknown test "fio". The tests are: ${TEST_CATALOGUE.map((e) => e.id).join(', ')}.`,
      ref: { key: 'errors.badTest' },
    });
    expect(errorText(test, 'ja')).toBe(`テスト「fio」はありません。使えるテスト: ${TEST_CATALOGUE.map((e) => e.id).join(', ')}。`);
    const target = await start({ suite: 'quick', targets: ['local', 'bad id!'] });
    expect(target).toMatchObject({ code: 'invalid-input', ref: { key: 'errors.badTargetId', params: { value: 'bad id!' } } });
    expect(errorText(target, 'ja')).toMatch(/^「bad id!」はターゲット ID ではありません/);
    const empty = await start({ suite: 'quick', targets: [''] });
    expect(errorText(empty, 'en')).toMatch(/^"" is not a target id/);
    const image = await start({ suite: 'quick', image: 'x;rm' });
    expect(errorText(image, 'ja')).toMatch(/^「x;rm」は有効なイメージ名ではありません/);
    // Any other check keeps the schema's own words inside a translated frame.
    const other = await start({ suite: 'fast' });
    expect(other.message).toMatch(/^Invalid arguments for run\.start: 0\.suite /);
    expect(errorText(other, 'ja')).toMatch(/^run\.start の引数が不正です: 0\.suite /);
    // Nothing was started: no job, no lock left behind.
    expect(((await engine.dispatch('app.info', [])) as { ok: true; value: { activeJobs: string[] } }).value.activeJobs).toEqual([]);
  });

  it('run.start places: one to four known places, none twice; an unknown one is named in both languages', async () => {
    expect(runSpecSchema.safeParse({ suite: 'quick', places: ['shared', 'guest'] }).success).toBe(true);
    expect(runSpecSchema.safeParse({ suite: 'quick', places: ['native', 'shared', 'guest', 'volume'] }).success).toBe(true);
    const unknown = await start({ suite: 'quick', places: ['shared', 'host'] });
    expect(unknown).toMatchObject({
      code: 'invalid-input',
      message: 'Unknown place "host". The places are: native, shared, guest, volume.',
      ref: { key: 'errors.badPlace' },
    });
    expect(errorText(unknown, 'ja')).toBe('場所「host」はありません。使える場所: native, shared, guest, volume。');
    for (const places of [[], ['guest', 'guest'], ['native', 'shared', 'guest', 'volume', 'native']]) {
      const refused = await start({ suite: 'quick', places });
      expect(refused, JSON.stringify(places)).toMatchObject({ code: 'invalid-input', ref: { key: 'errors.invalidArgs', params: { where: '0.places' } } });
    }
    expect(((await engine.dispatch('app.info', [])) as { ok: true; value: { activeJobs: string[] } }).value.activeJobs).toEqual([]);
  });

  it('an unknown plan or restart id is refused with a translated message', async () => {
    const apply = await engine.dispatch('advice.apply', ['0'.repeat(32)]);
    expect(apply).toMatchObject({
      ok: false,
      error: { code: 'not-found', ref: { key: 'errors.planUnknown' }, message: expect.stringMatching(/^This change was not planned in this session/) },
    });
    if (apply.ok) throw new Error('unreachable');
    expect(errorText(apply.error, 'ja')).toMatch(/^この変更は、このセッションで計画されたものではない.*何も変更していません。/);
    const restart = await engine.dispatch('runtime.restart', ['0'.repeat(32)]);
    expect(restart).toMatchObject({ ok: false, error: { code: 'not-found', ref: { key: 'errors.restartNotOffered' } } });
    if (restart.ok) throw new Error('unreachable');
    expect(errorText(restart.error, 'ja')).toMatch(/^この再起動は/);
  });

  it('a run already holding the lock: busy, in both languages', async () => {
    const release = await acquireRunLock(dir);
    try {
      const err = await acquireRunLock(dir).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(EngineError);
      expect(err).toMatchObject({
        code: 'busy',
        message: 'A benchmark is already running in this vmbench. Wait for it or cancel it first.',
        ref: { key: 'errors.runLockSelf' },
      });
      expect(errorText(err, 'ja')).toBe('この vmbench でベンチマークが既に実行中です。終わるのを待つか、先にキャンセルしてください。');
    } finally {
      await release();
    }
  });

  it('a data folder a run cannot use: where, why and what to do, in both languages', async () => {
    const full = await checkDataDir(dir, 2 ** 62).then(
      () => null,
      (e: unknown) => e,
    );
    expect(full).toMatchObject({ code: 'invalid-input', ref: { key: 'errors.noSpace' } });
    expect((full as Error).message).toMatch(
      new RegExp(
        `^Not enough space in ${dir}: [\\d.]+ MiB free, a run needs \\d+ MiB\\. Free some space or choose another folder with --data-dir DIR or VMBENCH_HOME\\.$`,
      ),
    );
    expect(errorText(full, 'ja')).toMatch(new RegExp(`^${dir} の空き容量が足りません: 空きは [\\d.]+ MiB、1 回の実行に \\d+ MiB 必要です。`));
    const proc = await checkDataDir('/proc/x').then(
      () => null,
      (e: unknown) => e,
    );
    expect((proc as Error).message).toMatch(/^Cannot store runs in \/proc\/x: .+\. Choose another folder with --data-dir DIR or VMBENCH_HOME\.$/);
    expect(errorText(proc, 'ja')).toMatch(/^\/proc\/x に実行結果を保存できません: .+。--data-dir DIR か VMBENCH_HOME で別のフォルダを指定してください。$/);
  });

  it('a second job while one runs is refused, and a job that fails carries its reference in job-finished', async () => {
    const jobs = new JobManager();
    const seen: JobEvent[] = [];
    jobs.subscribe((e) => seen.push(e));
    let fail!: () => void;
    const id = jobs.start(async () => {
      await new Promise<void>((r) => (fail = r));
      throw engineError('not-found', 'errors.targetNotFound', { id: 'docker:nope' });
    });
    const busy = (() => {
      try {
        jobs.start(async () => undefined);
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(busy).toMatchObject({ code: 'busy', ref: { key: 'errors.jobBusy', params: { job: id } } });
    expect(errorText(busy, 'ja')).toBe(`ベンチマークが既に実行中です（ジョブ ${id}）。終わるのを待つか、先にキャンセルしてください。`);
    fail();
    await jobs.wait(id);
    const end = seen.find((e) => e.type === 'job-finished');
    expect(end).toMatchObject({
      status: 'failed',
      message: 'No target "docker:nope" on this machine. `vmbench detect` lists the targets.',
      messageRef: { key: 'errors.targetNotFound' },
    });
    if (end?.type !== 'job-finished') throw new Error('unreachable');
    expect(errorText({ message: end.message, ref: end.messageRef }, 'ja')).toBe(
      'このマシンにターゲット「docker:nope」はありません。`vmbench detect` でターゲットを一覧できます。',
    );
  });

  it('nested messages and runtime states are rendered in the language too', () => {
    const changed = conflictError(msg('errors.domainXmlOf', { id: 'libvirt:dev' }));
    expect(changed.code).toBe('conflict');
    expect(changed.message).toBe(
      'the domain XML of libvirt:dev changed since you reviewed this change; nothing was changed. Open the change again, review the new diff and confirm it.',
    );
    expect(errorText(changed, 'ja')).toBe(
      '確認後に libvirt:dev のドメイン XML が変更されました。何も変更していません。変更をもう一度開き、新しい差分を確認してから承認してください。',
    );
    expect(errorText(conflictError('/home/u/.colima/default/colima.yaml'), 'ja')).toMatch(
      /^確認後に \/home\/u\/\.colima\/default\/colima\.yaml が変更されました。/,
    );
    expect(errorText(conflictError(), 'en')).toMatch(/^the change vmbench would make now differs from the one you reviewed; nothing was changed/);
    const stopped = engineError('invalid-input', 'errors.targetNotRunning', { name: 'Colima default', state: stateRef('stopped') });
    expect(stopped.message).toBe('Colima default is stopped; start it, then run again.');
    expect(errorText(stopped, 'ja')).toBe('Colima default は停止です。起動してから再実行してください。');
  });

  it('a Vagrantfile vmbench will not rewrite: the refusal and its How to in both languages', () => {
    const text = 'Vagrant.configure("2") do |config|\n  config.vm.synced_folder ".", "/vagrant", type: TYPE\nend\n';
    const err = (() => {
      try {
        setSyncedFolderType(text, '/vagrant', '.', 'virtiofs');
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(VagrantfileEditRefused);
    expect(err).toMatchObject({
      code: 'invalid-input',
      ref: { key: 'errors.vagrantfileManual', params: { why: { key: 'errors.vfTypeExpr', params: { line: 2, value: 'TYPE' } } } },
    });
    expect((err as Error).message).toBe(
      'Line 2 sets type to an expression (TYPE). vmbench does not rewrite it, so nothing was changed. How to: open the Vagrantfile, find the synced_folder for /vagrant and set its option type: "virtiofs" by hand, then run `vagrant validate` and `vagrant reload`.',
    );
    expect(errorText(err, 'ja')).toBe(
      '2 行目で type が式で指定されています（TYPE）。vmbench はこれを書き換えないため、何も変更していません。手順: Vagrantfile を開き、/vagrant の synced_folder のオプションを手で type: "virtiofs" にしてから、`vagrant validate` と `vagrant reload` を実行してください。',
    );
  });

  it('a libvirt domain vmbench will not change: refused with How to, in both languages', () => {
    const err = (() => {
      try {
        checkDomainName('a/b');
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(err).toMatchObject({
      code: 'invalid-input',
      message:
        'the libvirt domain name "a/b" holds a slash or a control character; vmbench does not change such a domain. How to: rename it with `virsh domrename`, or edit it with `virsh edit`.',
    });
    expect(errorText(err, 'ja')).toBe(
      'libvirt ドメイン名 "a/b" にスラッシュか制御文字が含まれているため、vmbench はこのドメインを変更しません。手順: `virsh domrename` で名前を変えるか、`virsh edit` で編集してください。',
    );
  });

  it('a reference a reader does not know, or a malformed one, falls back to the English message', () => {
    expect(errorText({ message: 'English', ref: { key: 'errors.fromANewerEngine' } }, 'ja')).toBe('English');
    expect(errorText({ message: 'English', ref: { key: 42 } }, 'ja')).toBe('English');
    expect(isMsgRef({ key: 'errors.runNotFound', params: { id: { nested: true } } })).toBe(false);
    expect(isMsgRef({ key: 'errors.conflict', params: { why: { key: 'errors.planDiffers' } } })).toBe(true);
    expect(errorText(new Error('plain'), 'ja')).toBe('plain');
  });
});

describe('the UI shows engine errors in its language', () => {
  afterEach(() => useAppStore.setState(initialAppData()));

  it("a banner from a failed request keeps its reference (through unwrap, and through the Electron bridge's plain copy)", async () => {
    const env = await engine.dispatch('runs.get', ['nosuch-2']);
    const err = (() => {
      try {
        unwrap(env);
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).ref).toEqual({ key: 'errors.runNotFound', params: { id: 'nosuch-2' } });
    useAppStore.getState().pushError(err);
    // The bridge copies {name, code, message, ref} as a plain object.
    useAppStore
      .getState()
      .pushError(
        structuredClone({ name: 'ApiError', code: 'busy', message: 'A benchmark is already running in this vmbench.', ref: { key: 'errors.runLockSelf' } }),
      );
    const [notFound, busy] = useAppStore.getState().banners;
    expect(errorText(notFound, 'ja')).toBe('ID nosuch-2 の実行はありません。`vmbench runs` で保存済みの実行を一覧できます。');
    expect(errorText(busy, 'ja')).toBe('この vmbench でベンチマークが既に実行中です。終わるのを待つか、先にキャンセルしてください。');
    expect(errorText(notFound, 'en')).toBe('No run with id nosuch-2. `vmbench runs` lists the stored runs.');
  });

  it("a failed run's outcome line shows the engine's reason in the chosen language", () => {
    const job = {
      status: 'failed',
      runId: null,
      message: 'No target "docker:nope" on this machine. `vmbench detect` lists the targets.',
      messageRef: { key: 'errors.targetNotFound', params: { id: 'docker:nope' } },
    } as unknown as JobState;
    const render = (lang: Lang): string =>
      renderToStaticMarkup(
        <I18nextProvider i18n={createI18n(lang)}>
          <RunOutcome job={job} onDismiss={() => undefined} />
        </I18nextProvider>,
      );
    expect(render('ja')).toContain('このマシンにターゲット「docker:nope」はありません。');
    expect(render('ja')).not.toContain('No target');
    expect(render('en')).toContain('No target &quot;docker:nope&quot; on this machine.');
  });
});
