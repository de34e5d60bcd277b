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
      output: {
        // Rolldown's code splitting (Vite 8), docs/performance.md "First load on a phone": the
        // libraries every page needs get long-lived chunks of their own (each under the 250 kB bound).
        codeSplitting: {
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
