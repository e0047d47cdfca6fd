// Entry point of the Electron main process, bundled to dist/app/main.cjs (package.json "main").
// Everything testable lives in start-app.ts; this file only wires the real engine in.
import { app } from 'electron';
import { createEngine } from '../engine/api.js';
import { useCatalogueFiles } from '../engine/util/catalogue-files.js';
import { defaultDataDir } from '../engine/util/paths.js';
import { startApp } from './start-app.js';

/** Starts the shell with the real engine; a no-op outside Electron (e.g. imported by a test). */
export function main(): void {
  if (!process.versions.electron) return;
  // The dialogs and the engine read the catalogues of the languages they are asked for, when asked.
  useCatalogueFiles();
  // Ctrl-C in the terminal of `npm start`, or a TERM from it, quits cleanly (jobs cancelled first).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
  startApp({ createEngine, dataDir: defaultDataDir() }).catch((err: Error) => {
    console.error(`vmbench: the desktop shell failed to start: ${err.stack ?? err.message}`);
    app.exit(1);
  });
}

main();
