/**
 * Engine messages that used to be English-only, in Japanese and English: skipped run files
 * and "no free run id", vmbench web's and the IPC handler's own refusals, apply notes and the restart's
 * why, a Vagrant restart's errors and libvirt's guest-path and VMBENCH_LIBVIRT_SSH errors. Each keeps its
 * English message and carries a reference that the CLI and the views render in their language.
 * Real engine, store, web server and files in temp folders; no runtime is touched.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { send as sendRequest } from '../helpers/web-request.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestHandler, type Dispatcher } from '../../electron/desktop/ipc.js';
import { formatPlan, formatResult } from '../../electron/cli/apply.js';
import { cmdRuns } from '../../electron/cli/commands.js';
import { SCHEMA_VERSION, type Finding, type Run, type RunList, type RuntimeInfo } from '../../electron/contract/contract.js';
import { applyFinding, planApply } from '../../electron/engine/advisor/apply/index.js';
import { lineDiff } from '../../electron/engine/advisor/rule-kit/diff.js';
import { createEngine } from '../../electron/engine/api.js';
import { engineMessage } from '../../electron/engine/util/errors.js';
import { createDetectContext } from '../../electron/engine/runtimes/detect.js';
import { libvirtTransport } from '../../electron/engine/transports/libvirt/for-runtime.js';
import { libvirtDomainId, withSharedMemory } from '../../electron/engine/runtimes/vagrant/restart.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { errorText, isMsgRef, planNotes, restartWhy, skippedTexts } from '../../electron/messages/error-text.js';
import { acceptedLang, type WebServer } from '../../electron/web/server.js';
import { startTestWebServer, type TestWebServer } from '../helpers/web-server.js';
import { i18n } from '../../src/lib/i18n';
import { PlanDetails } from '../../src/views/advice/findings-list';
import { SkippedBanner } from '../../src/views/history/history-view';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** Visible text of rendered markup (tags dropped, quote entities decoded). */
const visible = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** An error (envelope error, thrown error, {message, ref}) rendered in Japanese: Japanese text, none of its English message, and English unchanged. */
function expectJapanese(err: { message: string; ref?: unknown }): string {
  expect(isMsgRef(err.ref)).toBe(true);
  const ja = errorText(err, 'ja');
  expect(ja).toMatch(JAPANESE);
  expect(ja).not.toBe(err.message);
  expect(errorText(err, 'en')).toBe(err.message);
  return ja;
}

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'vmbench-messages-i18n-'));
});
afterEach(async () => {
  await i18n.changeLanguage('en');
  await rm(root, { recursive: true, force: true });
});

describe('skipped run files and run ids', () => {
  async function brokenHistory(): Promise<string> {
    const runs = join(root, 'data', 'runs');
    await mkdir(runs, { recursive: true });
    await writeFile(join(runs, 'broken.json'), '{"schemaVersion": 1, "id": "bro');
    await writeFile(join(runs, 'future.json'), JSON.stringify({ schemaVersion: SCHEMA_VERSION + 1, id: 'future' }));
    await writeFile(join(runs, 'zero.json'), JSON.stringify({ schemaVersion: 0, id: 'zero' }));
    await writeFile(join(runs, 'other-name.json'), JSON.stringify({ schemaVersion: SCHEMA_VERSION, id: 'not-this' }));
    await writeFile(join(runs, 'thin.json'), JSON.stringify({ schemaVersion: SCHEMA_VERSION, id: 'thin' }));
    return join(root, 'data');
  }

  it("runs.list keeps the English warnings and carries each one's reference; vmbench runs prints them in Japanese", async () => {
    const engine = createEngine({ dataDir: await brokenHistory(), mode: 'cli' });
    try {
      const env = await engine.dispatch('runs.list', []);
      if (!env.ok) throw new Error(env.error.message);
      const list = env.value as RunList;
      expect(list.warnings).toContain('Skipped run file broken.json: it is not valid JSON (truncated or damaged). Move it away or delete it.');
      expect(list.warnings).toContain(
        `Skipped run file future.json: it was written by a newer vmbench (schema ${SCHEMA_VERSION + 1}); update vmbench to read it.`,
      );
      expect(list.warnings).toContain('Skipped run file zero.json: schemaVersion 0 is not a version vmbench ever wrote.');
      expect(list.warnings).toContain('Skipped run file other-name.json: it holds run id "not-this", not the id in its file name; rename it to <id>.json.');
      expect(list.warnings.find((w) => w.startsWith('Skipped run file thin.json: '))).toBeDefined();
      expect(list.skipped?.map((s) => s.message)).toEqual(list.warnings);
      for (const s of list.skipped ?? []) expect(expectJapanese(s)).toMatch(/^実行結果ファイル \S+\.json をスキップしました: /);
      expect(skippedTexts(list, 'ja')).toContain(
        '実行結果ファイル zero.json をスキップしました: schemaVersion 0 は vmbench が書いたことのないバージョンです。',
      );

      let err = '';
      const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((err += String(s)), true));
      try {
        await cmdRuns(engine, true, 'ja');
      } finally {
        spy.mockRestore();
      }
      expect(err.trim().split('\n')).toHaveLength(5);
      expect(err).toContain('警告: 実行結果ファイル broken.json をスキップしました: 有効な JSON ではありません');
      expect(err).not.toMatch(/Skipped run file|warning:/);
    } finally {
      await engine.close();
    }
  });

  it("an older engine's plain warnings still show as they are", () => {
    expect(skippedTexts({ warnings: ['Skipped run file a.json: whatever'] }, 'ja')).toEqual(['Skipped run file a.json: whatever']);
  });

  it("the history view's banner lists the skipped files in Japanese", async () => {
    const store = new RunStore(await brokenHistory());
    const list = await store.list();
    await i18n.changeLanguage('ja');
    const text = visible(renderToStaticMarkup(<SkippedBanner list={list} />));
    expect(text).toContain('読み込めなかった実行ファイルがあります。');
    expect(text).toContain('実行結果ファイル future.json をスキップしました: より新しい vmbench で書かれています');
    expect(text).toContain('実行結果ファイル other-name.json をスキップしました: 中の実行 ID "not-this" がファイル名の ID と一致しません。');
    expect(text).not.toMatch(/Skipped run file/);
    await i18n.changeLanguage('en');
    expect(visible(renderToStaticMarkup(<SkippedBanner list={list} />))).toContain(
      'Skipped run file zero.json: schemaVersion 0 is not a version vmbench ever wrote.',
    );
  });

  it('"Could not find a free run id" carries its reference', async () => {
    const store = new RunStore(join(root, 'data'));
    const base = '2026-11-26T00-00-00-local';
    await mkdir(store.dir, { recursive: true });
    await Promise.all(Array.from({ length: 1000 }, (_, i) => writeFile(join(store.dir, `${i ? `${base}-${i + 1}` : base}.json`), '{}')));
    const err = await store.create({ id: base } as Run).then(
      () => null,
      (e: unknown) => e as { message: string; ref?: unknown; code: string },
    );
    expect(err?.code).toBe('internal');
    expect(err?.message).toBe(`Could not find a free run id after ${base}-1000 in ${store.dir}.`);
    expect(expectJapanese(err!)).toBe(`${store.dir} に空いている実行 ID が見つかりませんでした（${base}-1000 まで試しました）。`);
  }, 60_000);
});

describe("vmbench web's own refusals", () => {
  let web: TestWebServer;
  let server: WebServer;
  let host: string;
  beforeAll(async () => {
    web = await startTestWebServer('vmbench-web-refusals-');
    ({ server, host } = web);
  });
  afterAll(() => web.close());

  // One request through the server tests' helper (its own time-out), read as this file's cases want it.
  const send = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; body: string; lang?: string }> => {
    const r = await sendRequest(server.port, method, path, headers, body ?? {});
    return { status: r.status, body: r.text, lang: r.headers['content-language'] };
  };
  const api = (path: string, headers: Record<string, string> = {}, body = '{"args":[]}', method = 'POST') =>
    send(method, path, { host, 'content-type': 'application/json', 'x-vmbench-token': server.token, ...headers }, body);

  it('every refusal of the API carries error.ref next to its unchanged English message', async () => {
    const cases: [Promise<{ status: number; body: string }>, number, string][] = [
      [
        api('/api/runs.list', { 'x-vmbench-token': 'nope' }),
        401,
        'This request lacks the key of this vmbench web: open the address `vmbench web` printed when it started (it ends in #token=…).',
      ],
      [api('/api/runs.list', {}, '', 'GET'), 405, 'Use POST for API requests.'],
      [api('/api/runs.list', { origin: 'http://evil.example' }), 403, 'Cross-origin request refused.'],
      [api('/api/runs.list', { 'content-type': 'text/plain' }), 415, 'API requests must be application/json.'],
      [api('/api/runs%E0%A4%A'), 400, 'The request path has a malformed percent-encoding.'],
      [api('/api/runs.list', {}, '{"args":'), 400, 'Request body is not valid JSON.'],
      [api('/api/runs.list', {}, '{"arg":[]}'), 400, 'Request body must be {"args":[...]}.'],
      [api('/api/runs.list', { 'content-length': String(2 * 1024 * 1024) }, ''), 413, 'Request body over the limit of 1048576 bytes.'],
      [api('/api/nosuch.channel'), 200, 'Unknown request "nosuch.channel".'],
    ];
    for (const [reply, status, message] of cases) {
      const r = await reply;
      expect(r.status).toBe(status);
      const { ok, error } = JSON.parse(r.body) as { ok: boolean; error: { code: string; message: string; ref?: unknown } };
      expect(ok).toBe(false);
      expect(error.code).toBe('invalid-input');
      expect(error.message).toBe(message);
      expectJapanese(error);
    }
    const tooBig = JSON.parse((await api('/api/runs.list', { 'content-length': String(2 * 1024 * 1024) }, '')).body) as {
      error: { message: string; ref: unknown };
    };
    expect(errorText(tooBig.error, 'ja')).toBe('リクエスト本文が上限の 1048576 バイトを超えています。');
  });

  it("plain-text pages follow the browser's language; English when it asks for none of ours", async () => {
    const ja = await send('GET', '/nosuch.js', { host, 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' });
    expect(ja).toMatchObject({ status: 404, body: '見つかりません', lang: 'ja' });
    const misdirected = await send('GET', '/', { host: 'evil.example', 'accept-language': 'ja' });
    expect(misdirected.status).toBe(421);
    expect(misdirected.body).toBe('宛先が違うリクエストです: vmbench web は 127.0.0.1 でのみ応答します。');
    expect((await send('POST', '/', { host, 'accept-language': 'ja' })).body).toBe('許可されていないメソッドです');
    expect((await send('GET', '/nosuch.js', { host })).body).toBe('Not found');
    expect((await send('GET', '/nosuch.js', { host, 'accept-language': 'fr-FR, de' })).body).toBe('Not found');
    expect(acceptedLang('en;q=0.5, ja;q=0.8')).toBe('ja');
    expect(acceptedLang('ja;q=0, en')).toBe('en');
    expect(acceptedLang('fr, ja;q=0.1')).toBe('ja');
  });
});

describe("the IPC handler's own refusals", () => {
  const engine: Dispatcher = {
    dispatch: async () => ({ ok: true, value: null }),
    heldPlan: () => {
      throw new Error('none');
    },
    heldRestart: () => {
      throw new Error('none');
    },
  };

  it('a request from another frame, and arguments that are not an array, are refused with a reference', async () => {
    const untrusted = await requestHandler(
      'runs.list',
      engine,
      () => false,
      async () => true,
    )({ senderFrame: null }, []);
    if (untrusted.ok) throw new Error('accepted');
    expect(untrusted.error.message).toBe('Request "runs.list" refused: it does not come from the vmbench window.');
    expect(expectJapanese(untrusted.error)).toBe('リクエスト「runs.list」を拒否しました: vmbench のウィンドウから送られたものではありません。');
    const notArray = await requestHandler(
      'runs.get',
      engine,
      () => true,
      async () => true,
    )({ senderFrame: null }, { id: 'x' });
    if (notArray.ok) throw new Error('accepted');
    expect(notArray.error.message).toBe('Request "runs.get" refused: arguments must be an array.');
    expect(expectJapanese(notArray.error)).toBe('リクエスト「runs.get」を拒否しました: 引数は配列で渡してください。');
  });
});

describe("apply notes and the restart's why", () => {
  const runtime = (kind: string, state: RuntimeInfo['state'], id = kind): RuntimeInfo => ({
    id,
    kind,
    name: kind,
    version: null,
    state,
    settings: {},
    settingsSource: {},
    targets: [],
    findings: [],
  });

  async function colima(): Promise<{ finding: Finding; rt: RuntimeInfo; file: string }> {
    const file = join(root, 'colima.yaml');
    await writeFile(file, 'cpu: 2\nmountType: sshfs\n');
    const finding: Finding = {
      id: 'colima:work/mountType',
      setting: 'mountType',
      current: 'sshfs',
      recommended: 'virtiofs',
      severity: 'high',
      evidence: 'e',
      apply: { kind: 'file', path: file, diff: lineDiff(file, ['mountType: sshfs'], ['mountType: virtiofs']) },
    };
    return { finding, rt: runtime('colima', 'running', 'colima:work'), file };
  }

  it('each note has its reference, in the same order, and renders in Japanese', async () => {
    const dataDir = join(root, 'data');
    const steps = await planApply(
      {
        id: 'docker-desktop/vmType',
        setting: 'vmType',
        current: 'qemu',
        recommended: 'vz',
        severity: 'high',
        evidence: 'e',
        apply: { kind: 'steps', steps: ['Open Settings.'] },
      },
      runtime('docker-desktop', 'running'),
      { dataDir },
    );
    expect(steps.notes).toEqual(['This setting is changed in the app itself; vmbench changes nothing.']);
    expect(planNotes(steps, 'ja')).toEqual(['この設定はアプリ自身で変更します。vmbench は何も変更しません。']);
    const rdctl = await planApply(
      {
        id: 'rancher-desktop/vmType',
        setting: 'vmType',
        current: 'qemu',
        recommended: 'vz',
        severity: 'high',
        evidence: 'e',
        apply: { kind: 'command', argv: ['rdctl', 'set', '--virtual-machine.type', 'vz'] },
      },
      runtime('rancher-desktop', 'running'),
      { dataDir },
    );
    expect(rdctl.notes).toEqual(['Rancher Desktop may restart its VM to apply the setting.']);
    expect(planNotes(rdctl, 'ja')).toEqual(['Rancher Desktop は設定を反映するために VM を再起動することがあります。']);
    // A file plan's note from a refusal (Docker Desktop running): the refusal's own reference.
    const settings = join(root, 'home', 'Library', 'Group Containers', 'group.com.docker', 'settings-store.json');
    await mkdir(join(settings, '..'), { recursive: true });
    await writeFile(settings, '{\n  "AutoStart": false\n}\n');
    const path = '~/Library/Group Containers/group.com.docker/settings-store.json';
    const dd = await planApply(
      {
        id: 'docker-desktop/autoStart',
        setting: 'autoStart',
        current: false,
        recommended: true,
        severity: 'low',
        evidence: 'e',
        apply: { kind: 'file', path, diff: lineDiff(path, ['"AutoStart": false'], ['"AutoStart": true']) },
      },
      runtime('docker-desktop', 'running'),
      { dataDir, env: { HOME: join(root, 'home') } },
    );
    expect(dd.notes).toEqual([
      'Docker Desktop is running: quit Docker Desktop first (its settings file is only edited while it is stopped, or it overwrites the change), then apply again.',
    ]);
    expect(dd.noteRefs).toHaveLength(1);
    expect(planNotes(dd, 'ja')[0]).toMatch(/^Docker Desktop は実行中です。先に Docker Desktop を終了してから/);
    // No notes, no references.
    const { finding, rt } = await colima();
    const plan = await planApply(finding, rt, { dataDir });
    expect(plan.notes).toEqual([]);
    expect(plan.noteRefs).toBeUndefined();
  });

  it('the restart offered by a plan and by a result says why in the chosen language (CLI and the apply dialog)', async () => {
    const { finding, rt, file } = await colima();
    const dataDir = join(root, 'data');
    const plan = await planApply(finding, rt, { dataDir });
    expect(plan.restart).toEqual({
      argv: ['colima', 'restart', '--profile', 'work'],
      why: 'Colima reads its profile on start.',
      whyRef: { key: 'errors.restartWhy.colima' },
    });
    expect(restartWhy(plan.restart!, 'ja')).toBe('Colima は起動時にプロファイルを読み込みます。');

    const cliPlan = formatPlan(
      { ...plan, notes: ['Rancher Desktop may restart its VM to apply the setting.'], noteRefs: [engineMessage('errors.note.rancherRestart').messageRef] },
      'ja',
    );
    expect(cliPlan).toContain('その後（別途確認、今は実行しません）: colima restart --profile work — Colima は起動時にプロファイルを読み込みます。');
    expect(cliPlan).toContain('注: Rancher Desktop は設定を反映するために VM を再起動することがあります。');
    expect(cliPlan).not.toMatch(/reads its profile|may restart its VM/);

    const result = await applyFinding(finding, rt, { dataDir });
    expect(result.ok).toBe(true);
    expect(await readFile(file, 'utf8')).toContain('mountType: virtiofs');
    expect(result.restart?.whyRef).toEqual({ key: 'errors.restartWhy.colima' });
    const cliResult = formatResult(result, 'ja');
    expect(cliResult).toContain('反映するには: colima restart --profile work（Colima は起動時にプロファイルを読み込みます。）');
    expect(cliResult).not.toContain('reads its profile');
    expect(formatResult(result, 'en')).toContain('To make it take effect: colima restart --profile work (Colima reads its profile on start.)');

    await i18n.changeLanguage('ja');
    const dialog = visible(
      renderToStaticMarkup(
        <PlanDetails
          plan={{
            ...plan,
            notes: ['The running domain is not restarted; you will be asked separately.'],
            noteRefs: [{ key: 'errors.note.domainNotRestarted' }],
          }}
        />,
      ),
    );
    expect(dialog).toContain('colima restart --profile work');
    expect(dialog).toContain('Colima は起動時にプロファイルを読み込みます。');
    expect(dialog).toContain('実行中のドメインは再起動しません。再起動するかどうかは別途確認します。');
    expect(dialog).not.toMatch(/reads its profile|is not restarted/);
  });

  it("every kind's why keeps its English text", () => {
    expect(engineMessage('errors.restartWhy.lima').message).toBe('Lima reads lima.yaml on start.');
    expect(engineMessage('errors.restartWhy.other').message).toBe('The change takes effect on restart.');
    expect(engineMessage('errors.restartWhy.vagrant').message).toMatch(
      /^Synced folders change when the machine restarts \(`vagrant reload`; on vagrant-libvirt halt \+ up/,
    );
    const libvirt = engineMessage('errors.restartWhy.libvirt', { uri: 'qemu:///system', domain: 'dev' });
    expect(libvirt.message).toBe('The new XML takes effect after a full shutdown and start of the domain (then: virsh -c qemu:///system start dev).');
    expect(expectJapanese({ message: libvirt.message, ref: libvirt.messageRef })).toContain('virsh -c qemu:///system start dev');
  });
});

describe("a Vagrant restart's and libvirt transport's errors", () => {
  const vagrant: RuntimeInfo = {
    id: 'vagrant:1a2b3c',
    kind: 'vagrant',
    name: 'vagrant dev',
    version: null,
    state: 'running',
    settings: { provider: 'libvirt' },
    settingsSource: {},
    targets: [],
    findings: [],
  };

  it('no folder, no domain id, no <memory>: "could not be restarted" in both languages', async () => {
    const noHome = await libvirtDomainId(vagrant, undefined).then(
      () => null,
      (e: unknown) => e as { message: string; ref?: unknown },
    );
    expect(noHome?.message).toBe('vagrant dev could not be restarted: vagrant dev: its folder is unknown, so its libvirt domain cannot be found');
    expect(expectJapanese(noHome!)).toBe('vagrant dev を再起動できませんでした: vagrant dev: フォルダが不明なため、libvirt ドメインを見つけられません');
    const noId = await libvirtDomainId(vagrant, root).then(
      () => null,
      (e: unknown) => e as { message: string; ref?: unknown },
    );
    const idFile = join(root, '.vagrant', 'machines', 'default', 'libvirt', 'id');
    expect(noId?.message).toBe(`vagrant dev could not be restarted: vagrant dev: no libvirt domain id in ${idFile}; run \`vagrant up\` once, then try again`);
    expect(expectJapanese(noId!)).toContain(`${idFile} に libvirt ドメイン ID がありません。一度 \`vagrant up\` を実行してから`);
    await mkdir(join(idFile, '..'), { recursive: true });
    await writeFile(idFile, '0c8f2a3e-1d2b-4c5a-9e8f-7a6b5c4d3e2f\n');
    expect(await libvirtDomainId(vagrant, root)).toBe('0c8f2a3e-1d2b-4c5a-9e8f-7a6b5c4d3e2f');
    let noMemory: { message: string; ref?: unknown } | undefined;
    try {
      withSharedMemory('<domain type="kvm"><name>dev</name></domain>');
    } catch (e) {
      noMemory = e as { message: string; ref?: unknown };
    }
    expect(noMemory?.message).toBe('the domain definition has no <memory> element');
    expect(expectJapanese(noMemory!)).toBe('ドメイン定義に <memory> 要素がありません');
  });

  it('a relative guest folder and a bad VMBENCH_LIBVIRT_SSH destination', () => {
    const rt: RuntimeInfo = {
      id: 'libvirt:dev',
      kind: 'libvirt',
      name: 'dev (libvirt)',
      version: null,
      state: 'running',
      settings: { guestAgent: 'answers' },
      settingsSource: {},
      targets: [],
      findings: [],
    };
    const thrown = (env: NodeJS.ProcessEnv): { message: string; ref?: unknown } => {
      try {
        libvirtTransport(rt, 'libvirt:dev', createDetectContext({ dataDir: root, env }));
      } catch (e) {
        return e as { message: string; ref?: unknown };
      }
      throw new Error('no error');
    };
    const relative = thrown({ VMBENCH_LIBVIRT_SHARED_DIR: 'mnt/share' });
    expect(relative.message).toBe('VMBENCH_LIBVIRT_SHARED_DIR must be an absolute path inside the guest, not "mnt/share"');
    expect(expectJapanese(relative)).toBe('VMBENCH_LIBVIRT_SHARED_DIR にはゲスト内の絶対パスを指定してください（指定された値: "mnt/share"）');
    const ssh = thrown({ VMBENCH_LIBVIRT_SSH: 'dev=bad host!' });
    expect(ssh.message).toBe('VMBENCH_LIBVIRT_SSH for dev (libvirt): "bad host!" is not an ssh destination of the form [user@]host[:port]');
    expect(expectJapanese(ssh)).toBe('dev (libvirt) の VMBENCH_LIBVIRT_SSH: 「bad host!」は [user@]host[:port] 形式の ssh 接続先ではありません');
  });
});
