/** Leaving the CLI without losing output: stdout and stderr are drained before the process exits. */

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

/** Exits with `code` after stdout and stderr were flushed (a pipe reader gets every byte, even past 64 KiB). */
export async function exitAfterFlush(code: number): Promise<never> {
  await Promise.all([drain(process.stdout), drain(process.stderr)]);
  process.exit(code);
}
