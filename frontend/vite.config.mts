import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The browser bundle compiles the shared input rules from source, so client and server never drift.
    alias: { '@nocturne/contracts': fileURLToPath(new URL('../packages/contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': gateway,
      '/graphql': { target: gateway, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});
