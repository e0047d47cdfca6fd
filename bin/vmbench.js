#!/usr/bin/env node
// The `vmbench` command: runs the bundled CLI (built by `npm install` / `npm run build:engine`).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('vmbench: the CLI is not built yet. Run `npm install` (or `npm run build:engine`) in the vmbench folder first.\n');
  process.exit(1);
}
await import(pathToFileURL(cli).href);
