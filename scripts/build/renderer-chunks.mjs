// The built renderer's JavaScript as the browser receives it (for `npm run perf` and the e2e tests):
// what index.html loads before anything runs (its script and modulepreload links), and which chunk
// holds which message catalogue (Vite's manifest).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One file of the build with its size and its gzip size, in bytes. */
function sized(dir, file) {
  const body = readFileSync(join(dir, file));
  return { file, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

/** The JS index.html loads at once: its entry script first, then every modulepreload link, each with its size. */
export function initialChunks(dir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]*\bsrc="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]);
  return [...new Set([...entry, ...preloads])].map((f) => sized(dir, f));
}

/** The chunk of one catalogue (src/locales/<lang>/<ns>.json) with its size, or undefined when the build has none of its own. */
export function catalogueChunk(dir, lang, ns) {
  const manifest = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifest)) return undefined;
  const entry = JSON.parse(readFileSync(manifest, 'utf8'))[`locales/${lang}/${ns}.json`];
  return entry ? sized(dir, entry.file) : undefined;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sum = (files, k) => files.reduce((a, f) => a + f[k], 0);

/**
 * What `npm run perf` prints about the first load: the entry chunk, all JS index.html loads at once, and the
 * chunks the page fetched before its first contentful paint beyond those (`fetched`: paths under the build,
 * from the browser's resource timing; the catalogues of the page's language).
 */
export function firstLoadLines(dir, fetched = []) {
  const initial = initialChunks(dir);
  const lines = [
    `entry ${initial[0].file}: ${kb(initial[0].bytes)} (${kb(initial[0].gzip)} gzip)`,
    `index.html's JS (entry + ${initial.length - 1} modulepreloads): ${kb(sum(initial, 'bytes'))} (${kb(sum(initial, 'gzip'))} gzip)`,
  ];
  const more = [...new Set(fetched)].filter((f) => f.endsWith('.js') && !initial.some((i) => i.file === f)).map((f) => sized(dir, f));
  if (fetched.length) {
    lines.push(`fetched before the first paint besides: ${more.map((f) => `${f.file} ${kb(f.bytes)}`).join(', ') || 'nothing'}`);
    lines.push(`first screen JS in all: ${kb(sum(initial, 'bytes') + sum(more, 'bytes'))} (${kb(sum(initial, 'gzip') + sum(more, 'gzip'))} gzip)`);
  }
  return lines;
}
