import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Makes sure the Japanese font subset (dist/fonts, shared with the share card) exists before CSS refers to it. */
function cardFonts(): Plugin {
  return {
    name: 'vmbench-card-fonts',
    async buildStart() {
      // @ts-expect-error: a plain .mjs build script without type declarations
      const { buildCardFonts } = await import('./scripts/build-card-font.mjs');
      await buildCardFonts({ quiet: true });
    },
  };
}

// The renderer: built to dist/renderer, loaded by Electron (file://) and served by `vmbench web`.
export default defineConfig({
  root: 'src',
  base: './',
  plugins: [react(), cardFonts()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
