/**
 * The UI's Japanese fallback font (src/assets/fonts, made by scripts/build/build-ui-font.mjs) is not stale:
 * it holds every character the ja catalogues and the UI's fixed strings can show, the files are the
 * ones the manifest was made with, and the CSS declares one face for each weight the stylesheets use.
 * A catalogue string with a new kanji fails here until `node scripts/build/build-ui-font.mjs` is run.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inUiFontRange, readUiFontManifest, sha256, UI_FONT_WEIGHTS, uiFontChars, uiFontFile } from '../../scripts/build/build-ui-font.mjs';
import { UI_FONT_WEIGHTS as LOADED_FIRST } from '../../src/lib/ui-font';

const css = (f: string): string => readFileSync(`src/styles/${f}`, 'utf8');

describe('the UI font subset', () => {
  it('holds every character of the ja catalogues and the UI source within its unicode-range', () => {
    const have = new Set(readUiFontManifest().chars);
    const missing = [...uiFontChars()].filter((c) => !have.has(c));
    expect(missing, 'the subset is stale: run `node scripts/build/build-ui-font.mjs`').toEqual([]);
    // The catalogues are part of the key: one of their kanji is in the set, an unused one is not.
    expect(uiFontChars()).toContain('共');
    expect(have.has('𠮷')).toBe(false);
  });

  it('would report a catalogue character the subset lacks', () => {
    const have = new Set(readUiFontManifest().chars.replace('共', ''));
    expect([...uiFontChars()].filter((c) => !have.has(c))).toEqual(['共']);
    expect(inUiFontRange('共')).toBe(true);
    expect(inUiFontRange('A')).toBe(false);
  });

  it('files match the manifest they were made with (a font rebuilt without its manifest, or the reverse, fails)', () => {
    const { files } = readUiFontManifest();
    expect(Object.keys(files).sort()).toEqual(UI_FONT_WEIGHTS.map(([w]) => uiFontFile(w).split('/').pop()).sort());
    for (const [w] of UI_FONT_WEIGHTS) expect(sha256(uiFontFile(w)), `weight ${w}`).toBe(files[uiFontFile(w).split('/').pop()!]);
  });

  it('has the page load every face it bundles before the first render (src/lib/ui-font.ts)', () => {
    expect([...LOADED_FIRST]).toEqual(UI_FONT_WEIGHTS.map(([w]) => w));
  });

  it('is made from the catalogues of every language, so Japanese quoted in an English text is in it too', () => {
    const chars = uiFontChars();
    expect(chars).toContain('日');
    const en = readdirSync('src/locales/en')
      .map((f) => readFileSync(`src/locales/en/${f}`, 'utf8'))
      .join('');
    for (const c of new Set([...en].filter((x) => inUiFontRange(x)))) expect(chars).toContain(c);
  });

  it('declares a WOFF2 face for every weight the stylesheets use (550 and 650 are matched by 600 and 700)', () => {
    const used = new Set(readdirSync('src/styles').flatMap((f) => [...css(f).matchAll(/font-weight:\s*(\d+)/g)].map((m) => Number(m[1]))));
    const faces = [...css('base.css').matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => m[1]);
    const declared = faces.map((f) => Number(/font-weight:\s*(\d+)/.exec(f)?.[1]));
    expect(declared.sort()).toEqual(UI_FONT_WEIGHTS.map(([w]) => w));
    for (const f of faces) expect(f).toMatch(/url\('\.\.\/assets\/fonts\/noto-sans-jp-ui-\d+\.woff2'\) format\('woff2'\)/);
    // Every used weight from 400 up lands on a declared face no more than 50 away (the CSS matching picks the next heavier one above 500).
    for (const w of used)
      if (w >= 400)
        expect(
          declared.some((d) => d >= w && d - w <= 50),
          `weight ${w}`,
        ).toBe(true);
  });
});
