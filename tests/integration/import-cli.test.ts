// `vmbench import` with the real CLI on real exports (tests/fixtures/imports, SOURCES.txt there) and on
// hostile files made from them: truncated, 50 MB, the wrong schema, a `__proto__` key, huge numbers,
// terminal escapes and HTML in labels. Each gets a clear error or is neutralised, and the run files
// already stored stay byte for byte what they were.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportOutcome, Run } from '../../electron/contract/contract.js';
import { runCli } from '../helpers/cli.js';

const FIX = join(import.meta.dirname, '..', 'fixtures', 'imports');
const textA = readFileSync(join(FIX, 'machine-a.json'), 'utf8');
const textB = readFileSync(join(FIX, 'machine-b.json'), 'utf8');
let root: string;
let data: string;
const env = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: root, LANG: 'C' });
const cli = (...args: string[]) => runCli([...args, '--data-dir', data], env(), 60_000);
const file = (name: string, content: string | Buffer): string => {
  const p = join(root, name);
  writeFileSync(p, content);
  return p;
};
/** Every stored run file and its sha256: what must not change. */
const snapshot = (): Record<string, string> =>
  Object.fromEntries(
    readdirSync(join(data, 'runs')).map((n) => [
      n,
      createHash('sha256')
        .update(readFileSync(join(data, 'runs', n)))
        .digest('hex'),
    ]),
  );

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'vmbench-import-'));
  data = join(root, 'data');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('vmbench import', () => {
  it('stores an export as an imported run under the label given, and recognises it imported again', () => {
    const r = cli('import', join(FIX, 'machine-a.json'), '--label', 'M2 Air (design team)', '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const [o] = JSON.parse(r.stdout) as ImportOutcome[];
    expect(o.error).toBeUndefined();
    expect(o.imported).toHaveLength(1);
    expect(o.imported[0]).toMatchObject({ id: 'imported-2026-11-26T21-45-01-2-targets', origin: { kind: 'imported', machine: 'M2 Air (design team)' } });
    const stored = JSON.parse(readFileSync(join(data, 'runs', `${o.imported[0].id}.json`), 'utf8')) as Run;
    expect(stored.origin).toMatchObject({ kind: 'imported', machine: 'M2 Air (design team)', sourceId: '2026-11-26T21-45-01-2-targets' });
    expect(stored.origin!.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.targets.map((t) => t.id)).toEqual(['local', 'lima:test']);

    const before = snapshot();
    const again = cli('import', join(FIX, 'machine-a.json'));
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('= machine-a.json: 2026-11-26T21-45-01-2-targets is already in history as imported-2026-11-26T21-45-01-2-targets');
    expect(snapshot()).toEqual(before);

    const list = JSON.parse(cli('runs', '--json').stdout) as { runs: { id: string; origin?: unknown }[] };
    expect(list.runs.find((x) => x.id === o.imported[0].id)?.origin).toEqual({ kind: 'imported', machine: 'M2 Air (design team)' });
  });

  it("carries the exporter's label: `export --format json --label` writes `machine` beside the run, and the import shows it", () => {
    // The colleague's side: a history of their own, one run in it, exported with their machine's name.
    const theirs = join(root, 'theirs');
    const mine = join(root, 'mine');
    const their = (...args: string[]) => runCli([...args, '--data-dir', theirs], env(), 60_000);
    expect(their('import', join(FIX, 'machine-b.json')).status).toBe(0);
    const id = (JSON.parse(their('runs', '--json').stdout) as { runs: { id: string }[] }).runs[0].id;
    const out = join(root, 'shared-run.json');
    const exp = their('export', id, '--format', 'json', '--label', 'Dev box\u001b[31m', '--out', out);
    expect(exp.stderr).toBe('');
    expect(exp.status).toBe(0);
    // The escape sequence is gone, as in every label vmbench stores.
    expect((JSON.parse(readFileSync(out, 'utf8')) as { machine?: string }).machine).toBe('Dev box');
    expect(their('export', id, '--format', 'md', '--label', 'x').status).toBe(2);
    // Mine: imported without --label, under the exporter's label.
    const r = runCli(['import', out, '--json', '--data-dir', mine], env(), 60_000);
    expect(r.status).toBe(0);
    const [o] = JSON.parse(r.stdout) as ImportOutcome[];
    expect(o.imported[0].origin).toEqual({ kind: 'imported', machine: 'Dev box' });
  });

  it('imports several runs of one file (an array) and a second machine', () => {
    const two = file('two.json', JSON.stringify([JSON.parse(textB), { ...JSON.parse(textB), id: 'other-run', startedAt: '2026-11-26T23:00:00.000Z' }]));
    const r = cli('import', two, '--label', 'Dev box', '--json');
    expect(r.status).toBe(0);
    const [o] = JSON.parse(r.stdout) as ImportOutcome[];
    expect(o.imported.map((x) => x.id)).toEqual(['imported-2026-11-26T21-49-24-2-targets', 'imported-other-run']);
  });

  it('refuses hostile files, each with its own clear error, and changes nothing stored', () => {
    const before = snapshot();
    const run = JSON.parse(textB) as Record<string, unknown>;
    const cases: [string, string | Buffer, RegExp][] = [
      ['truncated.json', textB.slice(0, textB.length / 2), /truncated\.json is not valid JSON \(truncated or damaged\)/],
      ['big.json', Buffer.alloc(50 * 1024 * 1024, 0x20), /big\.json is larger than 4 MiB/],
      ['wrong.json', JSON.stringify({ schemaVersion: 1, hello: 'world' }), /wrong\.json is not a vmbench run export: id /],
      ['other-tool.json', JSON.stringify({ results: [{ iops: 5 }] }), /other-tool\.json is not a vmbench run export \(schemaVersion null\)/],
      [
        'proto.json',
        textB.replace('"settings": {', '"settings": { "__proto__": { "polluted": true },'),
        /proto\.json contains the key "__proto__" \(at targets\[0\]\.settings\)/,
      ],
      [
        'huge.json',
        textB.replace(/"median": [0-9.]+/, '"median": 1e400'),
        /huge\.json holds a number no measurement has \(at targets\[0\]\.results\[0\]\.metrics\.write_MBps\.median\)/,
      ],
      [
        'huge2.json',
        JSON.stringify({ ...run, id: 'huge-2', targets: [] }).replace('"schemaVersion":1', '"schemaVersion":1e300'),
        /huge2\.json holds a number no measurement has \(at schemaVersion\)/,
      ],
      ['deep.json', `${'['.repeat(5000)}${']'.repeat(5000)}`, /deep\.json is nested deeper than any run file/],
    ];
    for (const [name, content, message] of cases) {
      const r = cli('import', file(name, content));
      expect(r.status, name).toBe(1);
      expect(r.stderr, name).toMatch(message);
      expect(r.stdout, name).toBe('');
      expect(snapshot(), name).toEqual(before);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('neutralises terminal escapes and HTML: stored as text without control characters, printed inert', () => {
    const run = JSON.parse(textA) as Run;
    run.id = 'escapes';
    run.startedAt = '2026-11-27T00:00:00.000Z';
    run.name = 'evil \u001b]0;pwned\u0007\u001b[2J<img src=x onerror=alert(1)>';
    run.targets[1].label = 'Lima \u001b[31mred\u001b[0m <b>bold</b>';
    const r = cli('import', file('escapes.json', JSON.stringify(run)), '--label', 'Bob\u001b[2J <script>alert(1)</script>', '--json');
    expect(r.status).toBe(0);
    const [o] = JSON.parse(r.stdout) as ImportOutcome[];
    const stored = JSON.parse(readFileSync(join(data, 'runs', `${o.imported[0].id}.json`), 'utf8')) as Run;
    expect(stored.origin!.machine).toBe('Bob <script>alert(1)</script>');
    expect(stored.name).toBe('evil <img src=x onerror=alert(1)>');
    expect(stored.targets[1].label).toBe('Lima red <b>bold</b>');
    expect(JSON.stringify(stored)).not.toMatch(/\\u001b|\u001b|\\u0007/);
    const human = cli('import', file('escapes2.json', JSON.stringify({ ...run, id: 'escapes-2' })), '--label', 'Eve\u001b[2J');
    expect(human.stdout).toContain('from “Eve”');
    expect(human.stdout).not.toContain('\u001b');
  });

  it('says which file failed and still imports the others (exit 1)', () => {
    const ok = file('ok.json', JSON.stringify({ ...JSON.parse(textA), id: 'fresh', startedAt: '2026-11-28T00:00:00.000Z' }));
    const r = cli('import', file('bad.json', '{'), ok, '--json');
    expect(r.status).toBe(1);
    const [bad, good] = JSON.parse(r.stdout) as ImportOutcome[];
    expect(bad.error).toMatchObject({ code: 'invalid-input', ref: { key: 'errors.import.notJson' } });
    expect(good.imported.map((x) => x.id)).toEqual(['imported-fresh']);
  });

  it('speaks Japanese with --lang ja', () => {
    const r = cli('import', file('trunc-ja.json', '{"schemaVersion": 1,'), '--lang', 'ja');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('読み込みませんでした: trunc-ja.json は正しい JSON ではありません');
  });
});
