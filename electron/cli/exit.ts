/**
 * Leaving the CLI without losing output, and without crashing when the reader leaves first:
 * stdout and stderr are drained before the process exits, and a closed pipe (`| head -c 1`) is a normal end.
 */

/** The first write error on stdout or stderr that was not a closed pipe (a full disk under `> file`), if any. */
let outputError: NodeJS.ErrnoException | undefined;

/**
 * Handles write errors on stdout and stderr from the start. A reader that went away (EPIPE) ends that stream
 * quietly, as it does for git and ls: the rest of its output has nobody to go to, and the command still
 * finishes what it started (a run is stored, --json FILE written). Any other error is reported by exitAfterFlush.
 */
export function guardOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') return;
      outputError ??= err;
    });
  }
}

/** Resolves once everything written to the stream so far has reached the OS (at once if the reader is gone). */
export function drain(stream: NodeJS.WriteStream): Promise<void> {
  if (stream.destroyed || !stream.writable) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off('error', done);
      resolve();
    };
    // A reader that went away (EPIPE) ends the wait too: there is nobody left to write to.
    stream.once('error', done);
    stream.write('', done);
  });
}

/**
 * Exits with `code` after stdout and stderr were flushed (a pipe reader gets every byte, even past 64 KiB).
 * When output was lost to a write error other than a closed pipe, `report` says so last and the code is at least 1.
 */
export async function exitAfterFlush(code: number, report?: (err: NodeJS.ErrnoException) => void): Promise<never> {
  // A failed write's error event comes a few ticks after the write: let it arrive before deciding.
  await new Promise((resolve) => setImmediate(resolve));
  await Promise.all([drain(process.stdout), drain(process.stderr)]);
  if (outputError && report) {
    report(outputError);
    await drain(process.stderr);
  }
  process.exit(code === 0 && outputError ? 1 : code);
}
