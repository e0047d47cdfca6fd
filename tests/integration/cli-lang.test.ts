/**
 * The CLI in Japanese and English (built bundle, real fio on this machine): the language comes from
 * LC_ALL / LC_MESSAGES / LANG or --lang; a bad --lang is a usage error; --json output does not
 * change with the language.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCatalogues } from '../../electron/engine/util/catalogue-files.js';
import { LANGS, NAMESPACES } from '../../electron/messages/i18n.js';
import { runCli } from '../helpers/cli.js';
import { MAC_DD_STORE, makeStubEnv, captured } from '../helpers/runtimes-stubs.js';

describe('vmbench CLI language (built bundle, real fio)', () => {
  let home: string;
  const cli = (args: string[], locale: Record<string, string>): { status: number | null; stdout: string; stderr: string } => {
    const env = { ...process.env, VMBENCH_HOME: home, LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8', ...locale };
    return runCli(args, env, 240_000);
  };
  beforeAll(async () => {
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-cli-lang-'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  it('the CLI and Electron main bundles carry no catalogue: they read the languages they speak from src/locales', () => {
    const leaves = (o: unknown): string[] => (typeof o === 'string' ? [o] : o && typeof o === 'object' ? Object.values(o).flatMap(leaves) : []);
    const all = allCatalogues();
    for (const bundle of ['dist/cli.js', 'dist/app/main.cjs']) {
      const js = readFileSync(join(process.cwd(), bundle), 'utf8');
      // Messages that no code spells out: the Japanese ones (esbuild writes them as \u escapes), and the English ones with a {{placeholder}}.
      const escaped = (m: string): string => m.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
      const found = LANGS.flatMap((lang) =>
        NAMESPACES.flatMap((ns) =>
          leaves(all[lang][ns]).filter(
            (m) => (lang === 'ja' ? m.length >= 4 && /[\u3040-\u30ff\u4e00-\u9faf]/.test(m) : m.includes('{{')) && (js.includes(m) || js.includes(escaped(m))),
          ),
        ),
      );
      expect(found, bundle).toEqual([]);
    }
  });

  it('a bad --lang is a usage error (exit 2) that says what to give', () => {
    const r = cli(['--lang', 'fr', 'runs'], {});
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--lang must be en or ja, not "fr"/);
    expect(cli(['runs', '--lang'], {}).status).toBe(2);
    // The message itself follows LANG.
    expect(cli(['runs', '--lang=xx'], { LANG: 'ja_JP.UTF-8' }).stderr).toMatch(/--lang には en か ja/);
  });

  it('LANG=ja_JP.UTF-8: progress, summary table, target status and the card in Japanese', async () => {
    const card = join(home, 'card.png');
    const r = cli(['run', '--tests', 'seq-write', '--card', card], { LANG: 'ja_JP.UTF-8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/vmbench: クイック スイート、local で 2 手順/);
    expect(r.stderr).toMatch(/予想所要時間 \d+:\d\d（分:秒）、計画からの見積もり（この手順の過去の実行なし）/);
    // The place's headline (its verdict) first, then the test at its full length.
    expect(r.stderr).toMatch(/\[1\/2\] local ネイティブ seq-write[^\n]*\n\s+★ 判定：/);
    expect(r.stderr).toMatch(/\[2\/2\] local ネイティブ seq-write（試行 3 回）/);
    expect(r.stderr).toMatch(/共有カード（1200x630 PNG）を .*card\.png に書き出しました/);
    expect(r.stdout).toMatch(/^実行 \S+（クイック、完了）/);
    expect(r.stdout).toMatch(/ターゲット\s+場所\s+テスト\s+指標\s+中央値\s+最小\s+最大\s+n\s+単位\s+ネイティブ比/);
    expect(r.stdout).toMatch(/local\s+ネイティブ\s+seq-write\s+write_MBps\s+[\d,]+/);
    expect(r.stdout).toMatch(/^ {2}local: 成功$/m);
    expect(r.stderr).toMatch(/✓ local ネイティブ seq-write: write_MBps [\d,]+ MB\/s（最小 [\d,]+、最大 [\d,]+、n=3）/);
    expect(r.stdout).not.toMatch(/median|targets:/);
    const png = await readFile(card);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('--lang ja overrides an English LANG, --lang en a Japanese one, LC_ALL beats LANG', () => {
    expect(cli(['--lang', 'ja', 'runs'], { LANG: 'en_US.UTF-8' }).stdout).toMatch(/^ID\s+開始\s+スイート\s+状態/);
    expect(cli(['runs', '--lang=en'], { LANG: 'ja_JP.UTF-8' }).stdout).toMatch(/^id\s+started\s+suite\s+status/);
    expect(cli(['runs'], { LANG: 'en_US.UTF-8', LC_ALL: 'ja_JP.UTF-8' }).stdout).toMatch(/^ID\s+開始/);
    expect(cli(['runs'], { LANG: 'ja_JP.UTF-8', LC_ALL: 'C' }).stdout).toMatch(/^id\s+started/);
    // Dates the Japanese way: 2026/11/23 12:34.
    expect(cli(['runs', '--lang', 'ja'], {}).stdout).toMatch(/\d{4}\/\d\d\/\d\d \d\d:\d\d/);
  });

  it('compare and the Markdown export in Japanese; --json and CSV stay the same in both languages', async () => {
    expect(cli(['run', '--tests', 'seq-write'], { LANG: 'ja_JP.UTF-8' }).status).toBe(0);
    const ids = (JSON.parse(cli(['runs', '--json'], { LANG: 'ja_JP.UTF-8' }).stdout) as { runs: { id: string }[] }).runs.map((x) => x.id);
    expect(cli(['runs', '--json'], {}).stdout).toBe(cli(['runs', '--json'], { LANG: 'ja_JP.UTF-8' }).stdout);
    const [b, a] = ids;
    const cmp = cli(['compare', a, b, '--lang', 'ja'], {});
    expect(cmp.status, cmp.stderr).toBe(0);
    expect(cmp.stdout).toMatch(/^A（変更前）: /);
    expect(cmp.stdout).toMatch(/判定/);
    expect(cmp.stdout).toMatch(/(改善|悪化|誤差の範囲|試行回数不足)$/m);
    expect(cmp.stdout).toMatch(/^方法: 試行の幾何平均の比/m);
    expect(cli(['compare', a, b, '--json'], { LANG: 'ja_JP.UTF-8' }).stdout).toBe(cli(['compare', a, b, '--json'], {}).stdout);
    const md = cli(['export', a, '--format', 'md', '--lang', 'ja'], {});
    expect(md.status, md.stderr).toBe(0);
    expect(md.stdout).toMatch(/^# vmbench 結果 — \d{4}\/\d\d\/\d\d/);
    expect(md.stdout).toContain('| シーケンシャル書き込み | ネイティブ | シーケンシャル書き込み |');
    expect(cli(['export', a, '--format', 'csv', '--lang', 'ja'], {}).stdout).toBe(cli(['export', a, '--format', 'csv'], {}).stdout);
    expect(cli(['export', a, '--format', 'json', '--lang', 'ja'], {}).stdout).toBe(cli(['export', a, '--format', 'json'], {}).stdout);
  });
  it("detection's reasons in the chosen language; --json keeps the English reason and its references", async () => {
    // A Lima instance folder and a damaged Rancher Desktop settings.json, with no runtime CLI on PATH.
    const fakeHome = join(home, 'fake-home');
    await mkdir(join(fakeHome, '.lima', 'dev'), { recursive: true });
    await writeFile(join(fakeHome, '.lima', 'dev', 'lima.yaml'), 'vmType: vz\nbase: https://example.com/base.yaml\n');
    await mkdir(join(fakeHome, '.config', 'rancher-desktop'), { recursive: true });
    await writeFile(join(fakeHome, '.config', 'rancher-desktop', 'settings.json'), '{"version": 10, "virtualMachine": {');
    const emptyBin = join(home, 'empty-bin');
    await mkdir(emptyBin, { recursive: true });
    const env = { HOME: fakeHome, PATH: emptyBin };
    const ja = cli(['detect', '--lang', 'ja'], env);
    expect(ja.status, ja.stderr).toBe(0);
    expect(ja.stdout).toMatch(
      /^ {2}lima:dev: limactl がインストールされていないか、PATH にありません。設定は .*lima\.yaml からのみ読み取りました；base テンプレート https:\/\/example\.com\/base\.yaml は URL です。vmbench はダウンロードしません。そこで決まる設定は表示していません$/m,
    );
    expect(ja.stdout).toMatch(
      /^ {2}rancher-desktop: rdctl がインストールされていないか、PATH にありません。設定は settings\.json からのみ読み取りました；settings\.json は有効な JSON ではありません/m,
    );
    expect(ja.stdout).not.toMatch(/is not installed|not valid JSON|settings were read/);
    const en = cli(['detect', '--lang', 'en'], { ...env, LANG: 'ja_JP.UTF-8' });
    expect(en.stdout).toMatch(
      /^ {2}lima:dev: limactl is not installed or not on PATH; settings were read from .*lima\.yaml only; base template https:\/\/example\.com\/base\.yaml is a URL, which vmbench does not download; settings it may set are not shown$/m,
    );
    const json = JSON.parse(cli(['detect', '--json', '--lang', 'ja'], env).stdout) as {
      runtimes: { id: string; reason?: string; reasonRefs?: { key: string }[] }[];
    };
    const lima = json.runtimes.find((r) => r.id === 'lima:dev');
    expect(lima?.reason).toMatch(/^limactl is not installed or not on PATH/);
    expect(lima?.reasonRefs?.map((r) => r.key)).toEqual(['detect:cli.notFoundReadFile', 'detect:lima.baseUnread']);
  });

  it('engine errors in the chosen language: an unknown run, an unknown target (the English text with --lang en)', () => {
    const ja = cli(['compare', 'nosuch-1', 'nosuch-2'], { LANG: 'ja_JP.UTF-8' });
    expect(ja.status).toBe(1);
    expect(ja.stderr).toBe('vmbench: ID nosuch-1 の実行はありません。`vmbench runs` で保存済みの実行を一覧できます。\n');
    const en = cli(['compare', 'nosuch-1', 'nosuch-2', '--lang', 'en'], { LANG: 'ja_JP.UTF-8' });
    expect(en.stderr).toBe('vmbench: No run with id nosuch-1. `vmbench runs` lists the stored runs.\n');
    // run.start: the target is looked up on this machine (detection only; nothing is started).
    const run = cli(['run', '--target', 'docker:nosuch', '--tests', 'seq-write', '--lang', 'ja'], {});
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^vmbench: このマシンにターゲット「docker:nosuch」はありません。`vmbench detect` でターゲットを一覧できます。$/m);
    expect(run.stderr).not.toMatch(/No target/);
  });

  it("a Docker engine that does not answer: the transport's error, the log line and the end of the run in Japanese (no dockerd)", async () => {
    // Docker Desktop as detection sees it (replayed real `docker version`/`docker info` and settings file), its socket a plain file nothing listens on.
    const stub = makeStubEnv(
      {
        docker: [
          { args: '*"--context desktop-linux version"*', stdout: captured('docker-desktop/docker-version.dd-4.33.0-arm64.txt') },
          { args: '*"--context desktop-linux info"*', stdout: captured('docker-desktop/docker-info.dd-4.48.0-macos-intel.txt') },
        ],
      },
      { [MAC_DD_STORE]: captured('docker-desktop/settings-store.marslo-v40.json') },
    );
    try {
      await mkdir(join(stub.home, '.docker', 'run'), { recursive: true });
      await writeFile(join(stub.home, '.docker', 'run', 'docker.sock'), '');
      const env = { HOME: stub.home, PATH: `${stub.bin}:${process.env.PATH}` };
      const ja = cli(['run', '--target', 'docker-desktop', '--tests', 'seq-write', '--lang', 'ja'], env);
      expect(ja.status, ja.stderr).toBe(1);
      expect(ja.stderr).toMatch(
        /^ {2}警告: Docker Desktop VM: Docker Desktop に接続できませんでした: unix:\/\/\S+\/\.docker\/run\/docker\.sock で応答するものがありません（.*ECONNREFUSED.*）。起動してから、もう一度実行してください。$/m,
      );
      expect(ja.stderr).toMatch(/^ {2}✗ docker-desktop \S+ seq-write: Docker Desktop に接続できませんでした: /m);
      expect(ja.stderr).toMatch(/^結果が得られたテストはありません。テストごとのエラーを見てください。$/m);
      expect(ja.stderr).not.toMatch(/could not be reached|nothing answers|No test produced/);
      const en = cli(['run', '--target', 'docker-desktop', '--tests', 'seq-write', '--lang', 'en'], env);
      expect(en.stderr).toMatch(
        /Docker Desktop VM: Docker Desktop could not be reached: nothing answers on unix:\/\/\S+ \(.*ECONNREFUSED.*\)\. Start it, then run again\./,
      );
    } finally {
      stub.cleanup();
    }
  });
});
