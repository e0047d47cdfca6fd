/** Writes `files` small files under DIR/src/d<i % folders>/ and commits them in a new git repository (git runs on this machine). */
export function makeGitProject(dir: string, files: number, folders?: number): void;
