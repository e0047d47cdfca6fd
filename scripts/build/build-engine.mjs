// Bundles the CLI (ESM, dependencies external), the guest-agent client of the test scripts and the Electron shell (CommonJS) with esbuild.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };

await build({
  ...common,
  entryPoints: ['electron/cli/main.ts'],
  outfile: 'dist/cli.js',
  format: 'esm',
  packages: 'external',
});

// The engine's guest-agent client for the test and perf scripts (scripts/libvirt-test-guest.mjs), which plain node runs.
await build({
  ...common,
  entryPoints: ['electron/engine/guest/qemu-agent-node.ts'],
  outfile: 'dist/guest-agent.js',
  format: 'esm',
  packages: 'external',
});

if (existsSync('electron/desktop/main.ts')) {
  // import.meta.url is empty in CJS: give the engine (packageRoot) the bundle's own URL.
  await build({
    ...common,
    entryPoints: ['electron/desktop/main.ts'],
    outfile: 'dist/app/main.cjs',
    format: 'cjs',
    // Native modules (resvg, dockerode's ssh2) stay in node_modules; ESM-only ones (execa) are bundled into the CJS file.
    external: ['electron', '@resvg/resvg-js', 'dockerode'],
    define: { 'import.meta.url': 'import_meta_url' },
    // jsonc-parser's UMD build requires its parts at run time, which a bundle cannot resolve: take its ES modules.
    mainFields: ['module', 'main'],
    banner: { js: "const import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  });
}
if (existsSync('electron/desktop/preload.ts')) {
  // A sandboxed preload may only require('electron'): everything else is bundled in.
  await build({ ...common, entryPoints: ['electron/desktop/preload.ts'], outfile: 'dist/app/preload.cjs', format: 'cjs', external: ['electron'] });
}

// The share card's Japanese fonts (subset Noto Sans JP), rebuilt when the ja catalogues change.
const { buildCardFonts } = await import('./build-card-font.mjs');
await buildCardFonts();
