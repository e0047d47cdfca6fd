// The first look at a file to import (store/import-check.ts): a prototype key, a number no measurement has or nesting
// that deep refuses the file, naming where; control characters in keys and strings are removed from the copy that goes on.
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_NUMBER, neutralise } from '../../electron/engine/store/import-check.js';

/** The data as the import reads it (JSON text, so that "__proto__" is an own key as in a real file). */
const parsed = (text: string): unknown => JSON.parse(text);

/** An array nested n deep around a value. */
function nested(n: number, inner: unknown = 1): unknown {
  let v = inner;
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

describe('import check', () => {
  it('passes plain run data through unchanged, −0 read as 0', () => {
    const data = { id: 'r1', results: [{ test: 'seq-read', trials: [1.5, 2, 0], ok: true, note: null }], n: -0 };
    const r = neutralise(data);
    expect(r).toEqual({ ok: true, value: { ...data, n: 0 } });
    expect(Object.is((r as { value: { n: number } }).value.n, 0)).toBe(true);
    expect(neutralise('text')).toEqual({ ok: true, value: 'text' });
    expect(neutralise(null)).toEqual({ ok: true, value: null });
  });

  it('removes terminal control sequences from strings and keys, at any depth', () => {
    const r = neutralise(parsed('{"na\\u001b[2Jme": ["\\u001b]0;owned\\u0007host\\u202e", {"x": "a\\u0007b"}]}'));
    expect(r).toEqual({ ok: true, value: { name: ['host', { x: 'ab' }] } });
  });

  it('the copy is a fresh plain object: a key of the file never reaches a prototype', () => {
    const r = neutralise(parsed('{"toString": "x", "a": {"b": 1}}'));
    expect(r.ok).toBe(true);
    const value = (r as { value: Record<string, unknown> }).value;
    expect(Object.keys(value)).toEqual(['toString', 'a']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value.toString).toBe('x');
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses a %s key, naming it and where it is', (key) => {
    expect(neutralise(parsed(`{"${key}": {}}`))).toEqual({ ok: false, problem: { key: 'forbiddenKey', params: { key, path: '(top)' } } });
    expect(neutralise(parsed(`{"runs": [{"${key}": 1}]}`))).toEqual({ ok: false, problem: { key: 'forbiddenKey', params: { key, path: 'runs[0]' } } });
    expect(neutralise(parsed(`{"a": {"b": {"${key}": 1}}}`))).toEqual({ ok: false, problem: { key: 'forbiddenKey', params: { key, path: 'a.b' } } });
  });

  it('refuses a number no measurement has (infinite, not a number, beyond 1e15), naming where', () => {
    for (const bad of [Infinity, -Infinity, NaN, MAX_IMPORT_NUMBER * 10, -MAX_IMPORT_NUMBER * 10]) {
      expect(neutralise({ a: [0, bad] })).toEqual({ ok: false, problem: { key: 'badNumber', params: { path: 'a[1]' } } });
    }
    expect(neutralise(Infinity)).toEqual({ ok: false, problem: { key: 'badNumber', params: { path: '(top)' } } });
    expect(neutralise({ a: MAX_IMPORT_NUMBER, b: -MAX_IMPORT_NUMBER })).toEqual({ ok: true, value: { a: MAX_IMPORT_NUMBER, b: -MAX_IMPORT_NUMBER } });
  });

  it('the first problem is the one reported', () => {
    expect(neutralise(parsed('{"a": 1e400, "b": {"__proto__": 1}}'))).toEqual({ ok: false, problem: { key: 'badNumber', params: { path: 'a' } } });
    expect(neutralise(parsed('{"b": {"__proto__": 1}, "a": 1e400}'))).toEqual({
      ok: false,
      problem: { key: 'forbiddenKey', params: { key: '__proto__', path: 'b' } },
    });
  });

  it('accepts nesting 32 deep and refuses 33, naming where', () => {
    expect(neutralise(nested(32))).toEqual({ ok: true, value: nested(32) });
    const deep = neutralise(nested(33));
    expect(deep.ok).toBe(false);
    expect((deep as { problem: unknown }).problem).toEqual({ key: 'tooDeep', params: { path: '[0]'.repeat(33) } });
    expect(neutralise(nested(40, { __proto__: null }))).toMatchObject({ ok: false, problem: { key: 'tooDeep' } });
  });

  it('counts nesting in objects as in arrays', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 33; i++) deep = { a: deep };
    expect(neutralise(deep)).toEqual({ ok: false, problem: { key: 'tooDeep', params: { path: Array(33).fill('a').join('.') } } });
  });

  it('the copy is ordinary data the import may change like any parsed JSON', () => {
    const r = neutralise(parsed('{"a": 1, "b": {"c": 2}}'));
    const value = (r as { value: { a?: number; b: { c?: number } } }).value;
    value.a = 3;
    delete value.b.c;
    expect(value).toEqual({ a: 3, b: {} });
  });
});
