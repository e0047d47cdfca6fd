/**
 * The catalogues (src/locales/<lang>/<namespace>.json): every key exists in both languages, with the
 * same {{placeholders}}, no value is empty, and every key is used by the code. A key is used when the
 * code names it literally ('ns:key' or 'key'), or when it sits under a prefix the code builds keys
 * from in a template literal (`metric.${id}` covers every metric.* key).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS, NAMESPACES } from '../../electron/messages/i18n.js';
import { allCatalogues } from '../../electron/engine/util/catalogue-files.js';

const CATALOGUES = allCatalogues();

const repo = resolve(import.meta.dirname, '..', '..');

/** Flattens nested catalogue objects to dotted keys; plural forms (_one, _other) fold into their base key. */
function flatten(obj: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of flatten(v as Record<string, unknown>, key)) out.set(kk, vv);
    else out.set(key, String(v));
  }
  return out;
}

const placeholders = (s: string): string[] => [...new Set([...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]))].sort();
const baseKey = (k: string): string => k.replace(/_(zero|one|two|few|many|other)$/, '');

function sourceText(): string {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx|mts)$/.test(name)) files.push(p);
    }
  };
  walk(join(repo, 'electron'));
  walk(join(repo, 'src'));
  return files.map((f) => readFileSync(f, 'utf8')).join('\n');
}

describe('message catalogues', () => {
  for (const ns of NAMESPACES) {
    it(`${ns}: the same keys and placeholders in every language, no empty text`, () => {
      const [first, ...rest] = LANGS;
      const ref = flatten(CATALOGUES[first][ns]);
      for (const lang of rest) {
        const other = flatten(CATALOGUES[lang][ns]);
        // Plural suffixes differ by language (ja has only _other): compare base keys.
        expect([...new Set([...other.keys()].map(baseKey))].sort(), `${lang}/${ns}.json vs ${first}`).toEqual(
          [...new Set([...ref.keys()].map(baseKey))].sort(),
        );
        for (const [k, v] of other) {
          const refText = ref.get(k) ?? ref.get(`${baseKey(k)}_other`) ?? ref.get(baseKey(k)) ?? '';
          expect(placeholders(v), `${lang}/${ns}.json ${k}`).toEqual(placeholders(refText));
        }
      }
      for (const lang of LANGS) for (const [k, v] of flatten(CATALOGUES[lang][ns])) expect(v.trim(), `${lang}/${ns}.json ${k} is empty`).not.toBe('');
    });
  }

  it('every key is used by the code', () => {
    const src = sourceText();
    const dynamicPrefixes = [...src.matchAll(/`(?:[\w-]+:)?([\w.-]+\.)\$\{/g)].map((m) => m[1]);
    const unused: string[] = [];
    for (const ns of NAMESPACES) {
      for (const k of new Set([...flatten(CATALOGUES.en[ns]).keys()].map(baseKey))) {
        const literal = [`'${k}'`, `"${k}"`, `\`${k}\``, `${ns}:${k}'`, `${ns}:${k}"`, `${ns}:${k}\``].some((s) => src.includes(s));
        if (!literal && !dynamicPrefixes.some((p) => k.startsWith(p))) unused.push(`${ns}:${k}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
