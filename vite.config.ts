import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { passwordDictionaries } from './scripts/vite/password-dictionaries.mjs';

// The web app lives in web/ and builds to dist/web, which the server serves (precompressed).
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  publicDir: path.resolve(import.meta.dirname, 'web/public'),
  plugins: [
    react(),
    tailwindcss(),
    passwordDictionaries(),
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }),
  ],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Lets Rolldown merge code into the entry's and routes' chunks (required for the inlining below);
      // nothing imports our chunks from outside, so their export lists need not be kept.
      preserveEntrySignatures: false,
      output: {
        // Rolldown's code splitting (Vite 8), docs/performance.md "First load on a phone": the
        // libraries every page needs get long-lived chunks of their own (each under the 250 kB bound).
        codeSplitting: {
          // Shared code too small to be worth a request of its own (a field, an icon, a contract's
          // schema: 60+ chunks of < 1 KB on a coach's page) is copied into each chunk that uses it
          // instead: a page then makes ~15 requests instead of ~70, and sends fewer bytes (no import
          // and export glue per chunk; bigger chunks compress better). It turns on
          // strictExecutionOrder, so modules still run in source order, and a registry in Rolldown's
          // runtime chunk runs each copied module once per page (one state, one React context).
          // Threshold: the modules' source size before minification. Of 8, 16 and 32 kB, 16 kB keeps
          // every page of `npm run bench:web` under 20 requests; 32 kB saves 1–4 KB more per page but
          // copies more code into every route chunk. Chunks with styles stay files (Rolldown's advice
          // for Vite's CSS plugin); today only the entry imports CSS.
          experimentalInlineCommonChunks: {
            maxSize: 16_000,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
          groups: [
            // Zod and the line that switches off its eval probe (web/lib/zod-csp.ts) share one chunk, so
            // the setting is in force before any other chunk can build a schema.
            {
              name: 'zod',
              test: (id: string) => /\/node_modules\/zod\//.test(id) || id.endsWith('/web/lib/zod-csp.ts'),
              priority: 40,
            },
            { name: 'react', test: /\/node_modules\/(react|react-dom|scheduler)\//, priority: 30 },
            { name: 'router', test: /\/node_modules\/react-router\//, priority: 20 },
            { name: 'query', test: /\/node_modules\/@tanstack\//, priority: 20 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth/v1': 'http://localhost:3000',
      // The realtime socket (docs/decisions/003-realtime.md); scripts/dev.mjs allows this origin.
      '/realtime': { target: 'http://localhost:3000', ws: true },
    },
  },
});
