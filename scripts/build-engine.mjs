// Bundles the CLI (ESM, dependencies external) and the Electron shell (CommonJS) with esbuild.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };

await build({
  ...common,
  entryPoints: ['electron/cli.ts'],
  outfile: 'dist/cli.js',
  format: 'esm',
  packages: 'external',
});

if (existsSync('electron/app/main.ts')) {
  await build({ ...common, entryPoints: ['electron/app/main.ts'], outfile: 'dist/app/main.cjs', format: 'cjs', external: ['electron', '@resvg/resvg-js'] });
}
if (existsSync('electron/app/preload.ts')) {
  // A sandboxed preload may only require('electron'): everything else is bundled in.
  await build({ ...common, entryPoints: ['electron/app/preload.ts'], outfile: 'dist/app/preload.cjs', format: 'cjs', external: ['electron'] });
}
