import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';
import { prerender } from './scripts/prerender';
import { serviceWorker } from './scripts/service-worker';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react(), tailwindcss(), prerender(), serviceWorker(), precompress()],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The bundle budget test reads which files the first screen loads from the manifest.
    manifest: true,
    // Every browser the bank supports but Safari 16 reads `modulepreload` links itself; the polyfill
    // (about 0.6 KB on every page) would only save Safari 16 a few sequential fetches, and every
    // public page is held to 150 KB of script (docs/decisions/036-fresh-balances-offline-and-budgets.md).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes into the entry file itself: one request
          // instead of six on a phone's slow connection, where each new connection starts slowly.
          groups: [{ name: 'first-screen', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
