import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './build/compress.mts';
import { codeSplittingGroups } from './build/chunks.mts';
import { appIconsPlugin } from './build/icons.mts';
import { screenPreloadsPlugin } from './build/pagePlugins.mts';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), appIconsPlugin(), screenPreloadsPlugin(), precompressPlugin()],
  resolve: {
    // The browser bundle compiles the shared input rules from source, so client and server never drift
    // (through src/contracts.ts, which configures zod for the Content-Security-Policy first). The swipe
    // window's rule needs no zod: screens that draw before any form (the landing page's clock) import it
    // alone, so zod stays off their initial load.
    alias: [
      { find: /^@nocturne\/contracts$/, replacement: fileURLToPath(new URL('./src/contracts.ts', import.meta.url)) },
      { find: /^@nocturne\/contracts\/swipeWindow$/, replacement: fileURLToPath(new URL('../packages/contracts/src/swipeWindow.ts', import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      '/api': gateway,
      '/graphql': { target: gateway, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: the module graph the bundle budget test and `npm run bench:web` measure.
    manifest: true,
    rolldownOptions: {
      output: {
        // One file for what always travels together (see build/chunks.mts).
        codeSplitting: {
          groups: codeSplittingGroups,
        },
      },
    },
  },
});
