import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer: built to dist/renderer, loaded by Electron (file://) and served by `vmbench web`.
// Its Japanese fallback font is committed under src/assets/fonts (scripts/build/build-ui-font.mjs).
// Each message catalogue (src/locales/<lang>/<ns>.json) is a chunk of its own, loaded by src/lib/catalogue-chunks.ts;
// the manifest (dist/renderer/.vite/manifest.json) says which chunk is which, for `npm run perf` and the e2e tests.
export default defineConfig({
  root: 'src',
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
});
