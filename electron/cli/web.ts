import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../engine/api.js';
import { print, printErr } from './output.js';
import { translator, type Lang } from '../messages/i18n.js';
import { packageRoot } from '../engine/util/paths.js';
import { stopAllCalls } from '../engine/util/exec.js';
import { startWebServer } from '../web/server.js';
import { CliError } from './commands.js';

/** `vmbench web`: serves the UI on 127.0.0.1 until Ctrl-C, then cancels running jobs and exits. */
export async function cmdWeb(engine: Engine, portArg: string | undefined, lang: Lang = 'en'): Promise<number> {
  const t = translator(lang);
  // Decimal digits only: Number() would also take "1e3", "0x10" or " 80 ".
  const port = portArg === undefined ? 7317 : /^\d{1,5}$/.test(portArg) ? Number(portArg) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(t('cli:web.badPort', { value: portArg }), 2);
  const rendererDir = join(packageRoot(), 'dist', 'renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) throw new CliError(t('cli:web.notBuilt'), 1);
  let server;
  try {
    server = await startWebServer(engine, { port, rendererDir });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new CliError(t('cli:web.inUse', { port }), 1);
    throw err;
  }
  // Detection starts while the browser opens: the page's first ask joins it.
  engine.prefetchDetect();
  print(t('cli:web.open', { url: server.url, dir: engine.dataDir }) + '\n');
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  printErr(t('cli:web.stopping') + '\n');
  await engine.close();
  await server.close();
  // A detection still asking a CLI (a slow vagrant, a hung limactl) is stopped, not left behind.
  await stopAllCalls();
  return 0;
}
