import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding, RuntimeInfo } from '../../electron/contract/contract.js';
import { editJson, editText, editYaml, fileEditFor, hasEdit, type FileEdit } from '../../electron/engine/advisor/apply/file-edit.js';
import { limaApply } from '../../electron/engine/advisor/rules/lima-vm-type.js';
import { lineDiff } from '../../electron/engine/advisor/rule-kit/diff.js';

/**
 * Round trips of real settings files (tests/fixtures/runtimes/<kind>/SOURCES.txt and
 * tests/fixtures/vagrantfiles/SOURCES.txt) through the editors: the only difference between before
 * and after is the edited value. Where the real file has no comment on or next to the edited line
 * (JSON settings files never do; real trailing comments on these keys were not found in public
 * code), the test writes one there first, and says so.
 */
const FIX = join(__dirname, '..', 'fixtures');
const read = (p: string): string => readFileSync(join(FIX, p), 'utf8');

/** Exactly one line differs, and in it only `from` became `to` (everything before and after the value is the same text). */
function expectOneValueChanged(before: string, after: string, from: string, to: string): void {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  const changed = a.flatMap((l, i) => (l === b[i] ? [] : [i]));
  expect(changed).toHaveLength(1);
  const [i] = changed;
  const at = a[i].indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  expect(a[i].indexOf(from, at + 1)).toBe(-1);
  expect(b[i]).toBe(a[i].slice(0, at) + to + a[i].slice(at + from.length));
}

/** Puts `text` after the first line that equals `line` (a comment the test adds to a real file). */
function addAfter(src: string, line: string, text: string): string {
  const at = src.indexOf(`\n${line}\n`);
  expect(at).toBeGreaterThanOrEqual(0);
  return src.slice(0, at + 1 + line.length) + text + src.slice(at + 1 + line.length);
}

const rt = (kind: string, settings: Record<string, unknown> = {}): RuntimeInfo =>
  ({ id: `${kind}:default`, kind, name: kind, version: null, state: 'stopped', settings, settingsSource: {}, targets: [], findings: [] }) as RuntimeInfo;
const finding = (apply: Finding['apply']): Finding =>
  ({ id: 'x/mountType', setting: 'mountType', current: 0, recommended: 1, severity: 'low', evidence: 'e', apply }) as Finding;

describe('YAML edits change the value alone', () => {
  it('Lima lima.yaml: "9p" becomes "virtiofs", its double quotes and the trailing comment stay', () => {
    // Real file (Lima v0.14.2 examples/experimental/9p.yaml); the trailing comment and the one below are added here.
    const real = read('runtimes/lima/lima.yaml.v0.14.2-experimental-9p.yaml');
    expect(real.endsWith('\nmountType: "9p"\n')).toBe(true);
    const src = real.replace('\nmountType: "9p"\n', '\nmountType: "9p"  # was 9p until the upgrade\n# keep this line\n\n');
    const edit = fileEditFor(
      finding({ kind: 'file', path: '/h/.lima/default/lima.yaml', diff: lineDiff('lima.yaml', ['mountType: "9p"'], ['mountType: virtiofs']) }),
      rt('lima'),
    );
    const out = editText(src, edit);
    expectOneValueChanged(src, out, '9p"  #', 'virtiofs"  #');
    expect(out).toContain('\nmountType: "virtiofs"  # was 9p until the upgrade\n# keep this line\n\n');
    expect(hasEdit(out, edit)).toBe(true);
    expect(hasEdit(src, edit)).toBe(false);
    expect(editText(out, edit)).toBe(out);
  });

  it('Lima lima.yaml: vmType "vz" under a header comment, with CRLF line ends', () => {
    // Real file (Lima v0.14.2 examples/experimental/vz.yaml): two comment lines above vmType; the CRLF ends are made here.
    const src = read('runtimes/lima/lima.yaml.v0.14.2-experimental-vz.yaml').replace(/\n/g, '\r\n');
    const out = editYaml(src, 'vmType', 'qemu');
    expectOneValueChanged(src, out, '"vz"', '"qemu"');
    expect(
      out.startsWith(
        '# Example to run ubuntu using vmType: vz instead of qemu (Default)\r\n# This example requires Lima v0.14.0 or later and macOS 13.\r\nvmType: "qemu"\r\n',
      ),
    ).toBe(true);
  });

  it("Colima colima.yaml: the rule's own change keeps the comments above, the blank line below and a trailing comment", () => {
    // Real file (Colima embedded/defaults/colima.yaml at c5c938a5): 11 comment lines above mountType, a blank line below.
    const real = read('runtimes/colima/colima.c5c938a5-template.yaml');
    const src = addAfter(real, 'mountType: sshfs', '  # sshfs until virtiofs is tried');
    const r = rt('colima', { settingsFile: '/h/.colima/work/colima.yaml' });
    const edit = fileEditFor(finding(limaApply(r, 'mountType', 'sshfs', 'virtiofs')), r);
    const out = editText(src, edit);
    expectOneValueChanged(src, out, 'sshfs  #', 'virtiofs  #');
    expect(out).toContain(
      '# Default: virtiofs (for vz), sshfs (for qemu)\nmountType: virtiofs  # sshfs until virtiofs is tried\n\n# Propagate inotify file events to the VM.\n',
    );
    expect(hasEdit(out, edit)).toBe(true);
    const vm = editText(src, fileEditFor(finding(limaApply(r, 'vmType', 'qemu', 'vz')), r));
    expectOneValueChanged(src, vm, 'vmType: qemu', 'vmType: vz');
  });

  it('keeps single quotes, a tag, an empty value and a comment right after the colon readable', () => {
    expect(editYaml("a: 1 # one\nmountType: 'sshfs' # two\n\nb: 2\n", 'mountType', 'virtiofs')).toBe("a: 1 # one\nmountType: 'virtiofs' # two\n\nb: 2\n");
    expect(editYaml('mountType: !!str sshfs # t\n', 'mountType', 'virtiofs')).toBe('mountType: !!str virtiofs # t\n');
    expect(editYaml('mountType:\nb: 2\n', 'mountType', 'virtiofs')).toBe('mountType: virtiofs\nb: 2\n');
    expect(editYaml('mountType: # later\nb: 2\n', 'mountType', 'virtiofs')).toBe('mountType: virtiofs # later\nb: 2\n');
    // A plain string that would read as a number is quoted; a missing key is added as a last line.
    expect(editYaml('v: x # c\n', 'v', '"1.0"')).toBe('v: "1.0" # c\n');
    expect(editYaml('# only a comment\n', 'mountType', 'virtiofs')).toBe('# only a comment\nmountType: virtiofs\n');
  });

  it('refuses what it cannot change as one value: a repeated key, an alias, a nested block', () => {
    expect(() => editYaml('mountType: a\nmountType: b\n', 'mountType', 'virtiofs')).toThrow(/mountType/);
    expect(() => editYaml('x: &t 9p\nmountType: *t\n', 'mountType', 'virtiofs')).toThrow(/mountType/);
    expect(() => editYaml('mountType:\n  a: 1\n', 'mountType', 'virtiofs')).toThrow(/mountType/);
  });
});

describe('JSON-with-comments edits change the value alone', () => {
  it('Docker Desktop settings-store.json: comments above, on and below the edited line stay', () => {
    // Real file (github.com/marslo/ibook, see its .source.txt); the three comments are added here.
    const real = read('runtimes/docker-desktop/settings-store.marslo-v40.json');
    const src = real.replace(
      '  "UseVirtualizationFramework": true,\n',
      '  // set by the platform team\n  "UseVirtualizationFramework": true, // was off until 4.35\n  /* Rosetta needs it */\n',
    );
    const out = editJson(src, 'UseVirtualizationFramework', false);
    expectOneValueChanged(src, out, 'true, // was', 'false, // was');
    expect(out).toContain('  // set by the platform team\n  "UseVirtualizationFramework": false, // was off until 4.35\n  /* Rosetta needs it */\n');
  });

  it('Docker Desktop settings.json (one line): only the value between the comments changes', () => {
    // Real file (Docker Desktop 3.5.2 on Windows, see SOURCES.txt): one line; the block comments are added here.
    const real = read('runtimes/docker-desktop/settings.windows-wsl2-dd-3.5.2.json');
    const src = real.replace('"cpus":3,', '/* 3 was the default */ "cpus":3 /* of 8 */,');
    expect(src).not.toBe(real);
    const out = editJson(src, 'cpus', 6);
    expectOneValueChanged(src, out, '"cpus":3 /*', '"cpus":6 /*');
  });

  it('Rancher Desktop settings.json: a nested key, with its comments, its indentation and key order', () => {
    // Real content (Rancher Desktop 1.20 `rdctl list-settings` on macOS, the same schema as its settings.json); comments added here.
    const real = read('runtimes/rancher-desktop/rdctl-list-settings.v16-macos.json');
    const src = real.replace('    "memoryInGB": 6,\n', '    // 6 GB since the CI images grew\n    "memoryInGB": 6, // GB\n\n');
    const out = editJson(src, ['virtualMachine', 'memoryInGB'], 8);
    expectOneValueChanged(src, out, '6, // GB', '8, // GB');
    expect(JSON.parse(editJson(real, ['virtualMachine', 'mount', 'type'], 'virtiofs')).virtualMachine.mount.type).toBe('virtiofs');
  });
});

describe('Vagrantfile edits change the value alone', () => {
  it('faucet: the synced folder type in a statement over three lines, with a trailing comment on the edited line', () => {
    // Real file (github.com/faucetsdn/faucet at c9a38845); the trailing comment is added here.
    const real = read('vagrantfiles/faucet.Vagrantfile');
    const src = real.replace('type: "nfs", nfs_export: $nfs_export,\n', 'type: "nfs", nfs_export: $nfs_export, # nfs: vboxsf was too slow\n');
    expect(src).not.toBe(real);
    const edit: FileEdit = { format: 'vagrantfile', line: '', host: '.', guest: '/vagrant', type: 'virtiofs' };
    const out = editText(src, edit);
    expectOneValueChanged(src, out, '"nfs", nfs_export', '"virtiofs", nfs_export');
    expect(hasEdit(out, edit)).toBe(true);
  });

  it('faucet: a provider setting that is replaced keeps its indentation, single quotes and trailing comment', () => {
    // Real file; the memorybacking line (single quotes, 6-space indent, a comment) is added here to the libvirt block.
    const real = read('vagrantfiles/faucet.Vagrantfile');
    const src = real.replace(
      '  config.vm.provider :libvirt do |v|\n',
      "  config.vm.provider :libvirt do |v|\n      v.memorybacking :source, :type => 'file'  # hugepages next\n",
    );
    expect(src).not.toBe(real);
    const edit: FileEdit = {
      format: 'vagrantfile',
      line: '',
      host: '.',
      guest: '/vagrant',
      type: 'nfs',
      providerLines: ['libvirt.memorybacking :source, :type => "memfd"'],
    };
    const out = editText(src, edit);
    expectOneValueChanged(src, out, "'file'", "'memfd'");
    expect(hasEdit(out, edit)).toBe(true);
  });
});
