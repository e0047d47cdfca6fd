// A file finding per kind of file (electron/engine/advisor/apply/file-apply.ts): `vagrant validate` checks a Vagrantfile
// only, never a Lima or Colima YAML file or a JSON settings file (a vagrant on PATH that rejects everything changes nothing
// for those); the refusal while Docker Desktop runs is invalid-input and its plan carries the note as a reference (the
// renderer shows it in the user's language); Docker Desktop, which has no restart command, offers none. Real files in a
// temp folder: Colima's template and Docker Desktop's settings-store.json (tests/fixtures/runtimes/*/SOURCES.txt).
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Finding, RuntimeInfo } from '../../electron/contract/contract.js';
import { applyFinding, planApply } from '../../electron/engine/advisor/apply/index.js';
import { lineDiff } from '../../electron/engine/advisor/rule-kit/diff.js';
import { runtimeInfo } from '../helpers/runtime-info.js';

const FIX = join(__dirname, '..', 'fixtures', 'runtimes');
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'vmbench-apply-kinds-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A bin folder whose `vagrant` logs its call and rejects everything. */
function rejectingVagrant(): { path: string; log: string } {
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  const log = join(root, 'vagrant.log');
  writeFileSync(join(bin, 'vagrant'), ['#!/bin/sh', `echo "$*" >> '${log}'`, "echo 'rejected' >&2", 'exit 1', ''].join('\n'));
  chmodSync(join(bin, 'vagrant'), 0o755);
  return { path: bin, log };
}

const fileFinding = (id: string, path: string, from: string, to: string): Finding => ({
  id,
  setting: 'mountType',
  current: 'a',
  recommended: 'b',
  severity: 'low',
  evidence: 'e',
  apply: { kind: 'file', path, diff: lineDiff(path, [from], [to]) },
});

describe('vagrant validate checks Vagrantfiles only', () => {
  it('a Colima YAML edit is kept although a vagrant on PATH would reject it, and vagrant is not run', async () => {
    const file = join(root, 'home', '.colima', 'default', 'colima.yaml');
    mkdirSync(dirname(file), { recursive: true });
    copyFileSync(join(FIX, 'colima', 'colima.c5c938a5-template.yaml'), file);
    const original = readFileSync(file, 'utf8');
    const { path, log } = rejectingVagrant();
    const finding = fileFinding('colima:default/mountType', file, 'mountType: sshfs', 'mountType: virtiofs');
    const res = await applyFinding(finding, runtimeInfo('colima', { id: 'colima:default' }), {
      dataDir: join(root, 'data'),
      env: { PATH: path, HOME: join(root, 'home') },
    });
    expect(res).toMatchObject({ ok: true, rolledBack: false });
    expect(readFileSync(file, 'utf8')).toBe(original.replace('\nmountType: sshfs\n', '\nmountType: virtiofs\n'));
    expect(() => readFileSync(log, 'utf8')).toThrow(/ENOENT/);
  });

  it('a Docker Desktop JSON edit likewise; Docker Desktop offers no restart', async () => {
    const file = join(root, 'settings-store.json');
    copyFileSync(join(FIX, 'docker-desktop', 'settings-store.marslo-v40.json'), file);
    const { path, log } = rejectingVagrant();
    const finding = fileFinding('docker-desktop/vz', file, '"UseVirtualizationFramework": true,', '"UseVirtualizationFramework": false,');
    const res = await applyFinding(finding, runtimeInfo('docker-desktop'), { dataDir: join(root, 'data'), env: { PATH: path, HOME: root } });
    expect(res).toMatchObject({ ok: true, rolledBack: false });
    expect(res.restart).toBeUndefined();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ UseVirtualizationFramework: false });
    expect(() => readFileSync(log, 'utf8')).toThrow(/ENOENT/);
  });
});

describe('Docker Desktop running', () => {
  const running = (): RuntimeInfo => runtimeInfo('docker-desktop', { state: 'running' });
  function settings(): { file: string; finding: Finding } {
    const file = join(root, 'settings-store.json');
    copyFileSync(join(FIX, 'docker-desktop', 'settings-store.marslo-v40.json'), file);
    return { file, finding: fileFinding('docker-desktop/vz', file, '"UseVirtualizationFramework": true,', '"UseVirtualizationFramework": false,') };
  }

  it('apply refuses with invalid-input and the message key, naming the state', async () => {
    const { finding } = settings();
    await expect(applyFinding(finding, running(), { dataDir: join(root, 'data'), env: { HOME: root } })).rejects.toMatchObject({
      code: 'invalid-input',
      ref: { key: 'errors.dockerDesktopRunning', params: { state: { key: 'state.running' } } },
    });
  });

  it('the plan still shows the diff, with the refusal as a note and its reference', async () => {
    const { finding } = settings();
    const plan = await planApply(finding, running(), { dataDir: join(root, 'data'), env: { HOME: root } });
    expect(plan).toMatchObject({ kind: 'file', findingId: 'docker-desktop/vz', runtimeId: 'docker-desktop:x' });
    expect(plan.diff).toContain('-  "UseVirtualizationFramework": true,\n+  "UseVirtualizationFramework": false,');
    expect(plan.notes).toEqual([expect.stringMatching(/^Docker Desktop is running: quit Docker Desktop first/)]);
    expect(plan.noteRefs).toEqual([{ key: 'errors.dockerDesktopRunning', params: { state: { key: 'state.running' } } }]);
  });
});

describe('kinds without an apply entry of their own', () => {
  it('a JSON file finding of a kind that has no apply entry (podman) or is not known is applied by the file name', async () => {
    for (const kind of ['podman', 'made-up-kind']) {
      const file = join(root, `${kind}-settings.json`);
      writeFileSync(file, '{\n  "cpus": 2\n}\n');
      const finding = fileFinding(`${kind}/cpus`, file, '"cpus": 2', '"cpus": 4');
      const res = await applyFinding(finding, runtimeInfo(kind), { dataDir: join(root, 'data'), env: { HOME: root, PATH: '/nonexistent' } });
      expect(res, kind).toMatchObject({ ok: true });
      expect(readFileSync(file, 'utf8')).toBe('{\n  "cpus": 4\n}\n');
    }
  });
});

describe('where the file is', () => {
  it('a path of ~ alone is the home folder itself, which is no file (Docker Desktop reads any file name as JSON)', async () => {
    const finding = fileFinding('docker-desktop/autoStart', '~', '"AutoStart": false', '"AutoStart": true');
    await expect(planApply(finding, runtimeInfo('docker-desktop'), { dataDir: join(root, 'data'), env: { HOME: root } })).rejects.toThrow(/EISDIR/);
  });
});
