/** One file of the built renderer with its size and its gzip size, in bytes. */
export interface SizedFile {
  file: string;
  bytes: number;
  gzip: number;
}
/** The JS index.html loads at once: its entry script first, then every modulepreload link. */
export function initialChunks(dir: string): SizedFile[];
/** The chunk of one catalogue (src/locales/<lang>/<ns>.json), or undefined when the build has none of its own. */
export function catalogueChunk(dir: string, lang: string, ns: string): SizedFile | undefined;
/** What `npm run perf` prints about the first load (entry, index.html's JS, chunks fetched before the first paint). */
export function firstLoadLines(dir: string, fetched?: string[]): string[];
