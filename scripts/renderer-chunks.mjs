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
