import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../engine/api.js';
import { packageRoot } from '../engine/paths.js';
import { startWebServer } from '../server.js';
import { CliError } from './commands.js';

/** `vmbench web`: serves the UI on 127.0.0.1 until Ctrl-C, then cancels running jobs and exits. */
export async function cmdWeb(engine: Engine, portArg: string | undefined): Promise<number> {
  // Decimal digits only: Number() would also take "1e3", "0x10" or " 80 ".
  const port = portArg === undefined ? 7317 : /^\d{1,5}$/.test(portArg) ? Number(portArg) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(`--port must be a number from 0 to 65535, not "${portArg}"`, 2);
  const rendererDir = join(packageRoot(), 'dist', 'renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) throw new CliError('the UI is not built: run `npm run build` (or `npm install`) in the vmbench folder first.', 1);
  let server;
  try {
    server = await startWebServer(engine, { port, rendererDir });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new CliError(`port ${port} is in use; choose another with --port N (0 picks a free one).`, 1);
    throw err;
  }
  // Detection starts while the browser opens: the page's first ask joins it.
  engine.prefetchDetect();
  process.stdout.write(`vmbench web: open ${server.url} (data: ${engine.dataDir}; Ctrl-C stops)\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  process.stderr.write('vmbench web: stopping, cancelling running benchmarks…\n');
  await engine.close();
  await server.close();
  return 0;
}
