import { describe, expect, it } from 'vitest';
import { local, text } from '../helpers/runtimes-stubs.js';
import { parseJsonStream } from '../../electron/engine/runtimes/support/json-stream.js';
import { parseXml } from '../../electron/engine/runtimes/support/xml.js';
import { parseYamlMap, yamlBool, yamlStrings } from '../../electron/engine/runtimes/support/yaml.js';
import { SettingsBag } from '../../electron/engine/runtimes/support/runtime-info.js';
import { findVersion, parseSize, pickPath, seconds } from '../../electron/engine/runtimes/support/values.js';

describe('JSON streams', () => {
  it('reads NDJSON, pretty-printed objects back to back, and arrays', () => {
    expect(parseJsonStream('{"a":1}\n{"a":2}\n')).toEqual({ ok: true, value: [{ a: 1 }, { a: 2 }] });
    expect(parseJsonStream('{\n "a": "}"\n}\n{\n "b": [1, {"c": "\\"]"}]\n}')).toEqual({ ok: true, value: [{ a: '}' }, { b: [1, { c: '"]' }] }] });
    expect(parseJsonStream('[{"a":1},{"a":2}]')).toEqual({ ok: true, value: [{ a: 1 }, { a: 2 }] });
    expect(parseJsonStream('')).toEqual({ ok: true, value: [] });
  });

  it('fails with the position on garbage', () => {
    expect(parseJsonStream('{"a":1}\nnope')).toMatchObject({
      ok: false,
      error: 'is not valid JSON (at character 9)',
      errorRef: { key: 'detect:parse.notJsonAt', params: { at: 9 } },
    });
    expect(parseJsonStream('{"a":')).toMatchObject({ ok: false, error: 'is not valid JSON (at character 1)' });
  });
});

describe('YAML settings files (the yaml package; regression cases of the former flat-yaml reader)', () => {
  it('reads top-level scalars as before, and now the nested blocks, lists and flow maps too', () => {
    const y = 'cpu: 4 # cores\nmemory: 8\nvmType: "vz"\nrosetta: true\nkubernetes:\n  enabled: true\nmounts:\n  - location: ~\nenv: {}\nname: it\'s\n';
    expect(parseYamlMap(y)).toEqual({
      ok: true,
      value: { cpu: 4, memory: 8, vmType: 'vz', rosetta: true, name: "it's", kubernetes: { enabled: true }, mounts: [{ location: null }], env: {} },
    });
  });

  it('reads yes/no/on/off as Go does into a bool field', () => {
    expect(['yes', 'On', 'no', 'OFF', true, 'maybe', 1].map(yamlBool)).toEqual([true, true, false, false, true, undefined, undefined]);
  });

  it('fails on text that has no YAML mapping shape, with the line of a syntax error', () => {
    // JSON is YAML (a flow mapping): a colima.yaml written as JSON is read, as Colima itself reads it.
    expect(parseYamlMap('{"json": true}\n')).toEqual({ ok: true, value: { json: true } });
    expect(parseYamlMap('just words\n')).toMatchObject({ ok: false, errorRef: { key: 'detect:parse.notYamlMap' } });
    expect(parseYamlMap('a: 1\nb: [\n  c: d\n')).toMatchObject({ ok: false, errorRef: { key: 'detect:parse.notYamlLine' } });
  });

  it('fails cleanly on hostile input: deep nesting, alias bombs, oversize text', () => {
    expect(parseYamlMap('a: ' + '['.repeat(100_000) + ']'.repeat(100_000))).toMatchObject({ ok: false, errorRef: { key: 'detect:parse.yamlTooDeep' } });
    expect(parseYamlMap(Array.from({ length: 600 }, (_, i) => ' '.repeat(i) + 'k:').join('\n'))).toMatchObject({
      ok: false,
      errorRef: { key: 'detect:parse.yamlTooDeep' },
    });
    expect(parseYamlMap('a:\n  ' + '- '.repeat(50_000) + 'x')).toMatchObject({ ok: false, errorRef: { key: 'detect:parse.yamlTooDeep' } });
    const bomb = 'a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n';
    expect(parseYamlMap(bomb)).toMatchObject({ ok: false, errorRef: { key: 'detect:parse.yamlAliases' } });
    expect(parseYamlMap('a: ' + 'x'.repeat(2 * 1024 * 1024))).toMatchObject({ ok: false, errorRef: { key: 'detect:parse.yamlTooLarge' } });
  });
});

describe('XML (fast-xml-parser; regression cases of the former mini-xml reader)', () => {
  it('reads elements, both quote styles, entities, CDATA and comments', () => {
    const p = parseXml("<?xml version='1.0'?>\n<!-- c --><a x='1' y=\"&lt;2&gt;\"><b>t&amp;u</b><c/><![CDATA[<raw>]]></a>");
    expect(p.ok && p.value).toEqual({
      name: 'a',
      attrs: { x: '1', y: '<2>' },
      text: '<raw>',
      children: [
        { name: 'b', attrs: {}, children: [], text: 't&u' },
        { name: 'c', attrs: {}, children: [], text: '' },
      ],
    });
  });

  it('fails cleanly on broken or hostile input', () => {
    expect(parseXml('<a><b></a>').ok).toBe(false);
    expect(parseXml('<a>').ok).toBe(false);
    expect(parseXml('no xml').ok).toBe(false);
    expect(parseXml('<a>'.repeat(100_000)).ok).toBe(false);
    expect(parseXml('<a>'.repeat(1000) + '</a>'.repeat(1000))).toMatchObject({ ok: false, errorRef: { key: 'detect:parse.xmlTooDeep' } });
    expect(parseXml('<a/><b/>')).toMatchObject({ ok: false, errorRef: { key: 'detect:parse.xmlTwoRoots' } });
    expect(parseXml('<a>\n  <b x="1"></c>\n</a>')).toMatchObject({ ok: false, errorRef: { key: 'detect:parse.xmlInvalid', params: { line: 2 } } });
  });

  it('does not expand DOCTYPE entities', () => {
    const p = parseXml('<!DOCTYPE a [<!ENTITY e "xxxxxxxxxx"><!ENTITY f "&e;&e;&e;&e;&e;">]><a>&f;&#65;</a>');
    expect(p.ok && p.value.text).toBe('&f;A');
  });
});

describe('values', () => {
  it('parses sizes with binary and decimal units', () => {
    expect(['2GiB', '7.655GiB', '512 MiB', '2147483648', '1KB', 'lots'].map((s) => parseSize(s))).toEqual([
      2 * 1024 ** 3,
      7.655 * 1024 ** 3,
      512 * 1024 ** 2,
      2147483648,
      1000,
      undefined,
    ]);
  });

  it('finds versions, paths and formats seconds', () => {
    expect([findVersion('limactl version 0.18.0'), findVersion('none')]).toEqual(['0.18.0', undefined]);
    expect(pickPath({ a: { b: null }, c: { d: 3 } }, ['a.b', 'c.d'])).toEqual({ value: 3, path: 'c.d' });
    expect([seconds(3000), seconds(2500)]).toEqual(['3 s', '2.5 s']);
  });

  it('SettingsBag ignores empty values and lets real values replace defaults only', () => {
    const bag = new SettingsBag()
      .set('box', undefined, 'file')
      .set('swapMiB', Number.NaN, 'file')
      .set('cpus', 1, 'default')
      .fill('cpus', 2, 'cli')
      .set('memoryMiB', 1, 'file')
      .fill('memoryMiB', 2, 'cli');
    expect([bag.settings, bag.source]).toEqual([
      { cpus: 2, memoryMiB: 1 },
      { cpus: 'cli', memoryMiB: 'file' },
    ]);
  });
});

describe('top-level string lists (lima.yaml base:, real Lima 1.1 templates)', () => {
  const lima = (f: string): string => text(local(`lima/${f}`));
  const topLevelStrings = (t: string, key: string): string[] | undefined => {
    const p = parseYamlMap(t);
    if (!p.ok) throw new Error(p.error);
    return yamlStrings(p.value, key);
  };
  it('reads a block list, a single string and a flow list; undefined when the key is absent', () => {
    expect(topLevelStrings(lima('lima.yaml.v1.1.0-debian-11.yaml'), 'base')).toEqual(['template://_images/debian-11', 'template://_default/mounts']);
    expect(topLevelStrings(lima('lima.yaml.v1.1.0-buildkit.yaml'), 'base')).toEqual(['template://_images/ubuntu-lts']);
    expect(topLevelStrings(lima('templates-v1.1.0/_images/debian-11.yaml'), 'mountTypesUnsupported')).toEqual(['9p']);
    expect(topLevelStrings(lima('lima.yaml.v0.14.2-experimental-9p.yaml'), 'base')).toBeUndefined();
  });
});
