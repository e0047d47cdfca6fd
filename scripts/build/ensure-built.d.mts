/** Every regular file under `dir` (recursively), without node_modules and dot entries. */
export function files(dir: string): Generator<string>;
/** The sha256 of the paths (relative to the checkout) and contents of these files, taken in sorted order. */
export function hashFiles(paths: string[]): string;
/** The sha256 of every build input's path and content. */
export function buildInputsHash(): string;
/** Whether dist/ was built from the current inputs. */
export function isBuilt(): boolean;
/** Runs `npm run build` unless dist/ is already built from these inputs; returns whether it built. */
export function ensureBuilt(opts?: { force?: boolean; log?: (m: string) => void }): boolean;
