import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer: built to dist/renderer, loaded by Electron (file://) and served by `vmbench web`.
// Its Japanese fallback font is committed under src/assets/fonts (scripts/build-ui-font.mjs).
export default defineConfig({
  root: 'src',
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
