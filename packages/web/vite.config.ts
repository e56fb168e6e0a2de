import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compressBuild } from './build/compress';
import { firstPaintChunks } from './build/first-paint-chunks';
import { licenceList } from './build/licence-list';
import { localeChunkNames } from './build/locale-chunk-names';

const apiTarget = process.env.PLANNER_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    localeChunkNames(fileURLToPath(new URL('./src/i18n', import.meta.url))),
    firstPaintChunks(),
    ...licenceList(),
    // The service worker (src/sw/sw.ts) is ours; the plugin builds it and injects the list of
    // files to keep for offline starts. The app registers it itself (src/offline).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,woff2}'] },
    }),
    // Last: brotli and gzip copies of every text file, the service worker's included.
    compressBuild(),
  ],
  server: {
    port: 5173,
    // The API and the uploaded files (avatars) come from the server.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/files': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // The agenda's first paint must stay under 250 KB of gzipped JS (docs/design.md, Performance budgets): routes are lazy,
    // and firstPaintChunks gives the agenda's and the login page's first loads a few large chunks.
    chunkSizeWarningLimit: 400,
  },
});
