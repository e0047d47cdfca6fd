// The value an edit writes into a settings file, and the refusals the faces key on (electron/engine/advisor/apply/file-edit.ts:
// editYaml, editJson, hasEdit): a YAML value keeps the file's quoting when it is a string and loses it when it is a number,
// a value already there in another spelling is left alone, a comment right after the colon stays a comment, a long
// value stays on one line, a YAML list is never edited as if it were the settings mapping; a JSON file with a trailing
// comma is edited; and every refusal carries the code 'invalid-input' and its message key (the renderer keys on them).
// Real files: Colima's template (tests/fixtures/runtimes/colima/SOURCES.txt) for an empty "" value and a null one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editJson, editYaml, hasEdit, type FileEdit } from '../../electron/engine/advisor/apply/file-edit.js';

const COLIMA = readFileSync(join(__dirname, '..', 'fixtures', 'runtimes', 'colima', 'colima.c5c938a5-template.yaml'), 'utf8');

/** The error `fn` throws (it must throw). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('no refusal');
}

describe('a YAML value', () => {
  it('a string keeps the file\'s double quotes, even an empty one (Colima\'s diskImage: "")', () => {
    expect(COLIMA).toContain('\ndiskImage: ""\n');
    const out = editYaml(COLIMA, 'diskImage', '/images/ubuntu.img');
    expect(out).toBe(COLIMA.replace('\ndiskImage: ""\n', '\ndiskImage: "/images/ubuntu.img"\n'));
  });

  it("a null (Colima's hostname: null) becomes the plain value; a quoted number becomes a number, not a string", () => {
    expect(editYaml(COLIMA, 'hostname', 'dev')).toBe(COLIMA.replace('\nhostname: null\n', '\nhostname: dev\n'));
    expect(editYaml('cpus: "2" # quoted by hand\n', 'cpus', '4')).toBe('cpus: 4 # quoted by hand\n');
  });

  it('a value already there in another spelling is left as written', () => {
    expect(editYaml('rosetta: True\n', 'rosetta', 'true')).toBe('rosetta: True\n');
    expect(editYaml('cpus: 4.0\n', 'cpus', '4')).toBe('cpus: 4.0\n');
  });

  it('an empty value followed by a comment with no space after its #: the comment keeps one space before it', () => {
    expect(editYaml('mountType: #sshfs or virtiofs\nb: 2\n', 'mountType', 'virtiofs')).toBe('mountType: virtiofs #sshfs or virtiofs\nb: 2\n');
  });

  it('a block scalar (| or >) is refused, not replaced by a value that eats its line end and glues the next key on', () => {
    for (const text of ['message: |\n  old text\nb: 2\n', 'message: >-\n  old text\nb: 2\n']) {
      expect(
        thrown(() => editYaml(text, 'message', 'new text')),
        text,
      ).toMatchObject({ code: 'invalid-input', ref: { key: 'errors.apply.notYamlValue' } });
      // A number is written as itself whatever the style, so only the check of the style refuses it.
      expect(
        thrown(() => editYaml(text, 'message', '4')),
        text,
      ).toMatchObject({ code: 'invalid-input' });
    }
  });

  it('a value that needs several lines is refused', () => {
    expect(thrown(() => editYaml('message: old\n', 'message', '"line one\\nline two"'))).toMatchObject({ code: 'invalid-input' });
  });

  it('the check after the write: a repeated key does not hold, even when its first value is the new one', () => {
    expect(hasEdit('mountType: virtiofs\nmountType: 9p\n', { format: 'yaml', key: 'mountType', value: 'virtiofs' })).toBe(false);
  });

  it('a long value with spaces stays on one line', () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    expect(editYaml('message: short\n', 'message', long)).toBe(`message: ${long}\n`);
  });
});

describe('YAML refusals', () => {
  it('a file whose top level is a list is refused, even for a key that reads as an index', () => {
    const list = '- 9p\n- sshfs\n';
    expect(thrown(() => editYaml(list, '1', 'virtiofs'))).toMatchObject({
      code: 'invalid-input',
      ref: { key: 'errors.apply.notYamlValue', params: { key: '1' } },
    });
    expect(thrown(() => editYaml('just text\n', 'mountType', 'virtiofs'))).toMatchObject({ code: 'invalid-input' });
  });

  it('a repeated key, an alias, a nested block, a file that is no YAML: code invalid-input, key notYamlValue, the key named', () => {
    for (const text of ['mountType: a\nmountType: b\n', 'x: &t 9p\nmountType: *t\n', 'mountType:\n  a: 1\n', 'mountType: [9p\n']) {
      const err = thrown(() => editYaml(text, 'mountType', 'virtiofs'));
      expect(err, text).toMatchObject({
        code: 'invalid-input',
        message: expect.stringMatching(/^mountType in the settings file is not a single value vmbench can change/),
        ref: { key: 'errors.apply.notYamlValue', params: { key: 'mountType' } },
      });
    }
  });
});

describe('a JSON edit', () => {
  it('a nested value added to a file indented by four spaces is indented by four more', () => {
    expect(editJson('{\n    "a": 1\n}\n', 'b', { c: 2 })).toBe('{\n    "a": 1,\n    "b": {\n        "c": 2\n    }\n}\n');
  });

  it('reads the indentation after a comment that opens the file (a settings file with comments)', () => {
    expect(editJson('// mine\n{\n    "a": 1\n}\n', 'b', { c: 2 })).toBe('// mine\n{\n    "a": 1,\n    "b": {\n        "c": 2\n    }\n}\n');
  });

  it('reads a file with a trailing comma (allowed in settings files with comments)', () => {
    expect(editJson('{\n  "cpus": 2,\n}\n', 'cpus', 4)).toBe('{\n  "cpus": 4,\n}\n');
  });

  it('refusals: code invalid-input and their keys (not a JSON object; a locked key, named)', () => {
    expect(thrown(() => editJson('[1, 2]', 'a', 1))).toMatchObject({ code: 'invalid-input', ref: { key: 'errors.apply.notJsonObject' } });
    expect(thrown(() => editJson('{"vm": {"cpus": {"value": 2, "locked": true}}}', ['vm', 'cpus'], 4))).toMatchObject({
      code: 'invalid-input',
      ref: { key: 'errors.apply.locked', params: { key: 'vm.cpus' } },
    });
  });

  it('the check after the write: a null value holds when null was asked for', () => {
    const edit: FileEdit = { format: 'json', key: 'proxy', value: null };
    expect(hasEdit('{"proxy": null}', edit)).toBe(true);
    expect(hasEdit('{"proxy": ""}', edit)).toBe(false);
  });
});
