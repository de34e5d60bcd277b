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
    rollupOptions: {
      output: {
        // Zod and the line that switches off its eval probe (web/lib/zod-csp.ts) share one chunk, so the
        // setting is in force before any other chunk can build a schema.
        manualChunks: (id: string) =>
          id.includes('/node_modules/zod/') || id.endsWith('/web/lib/zod-csp.ts') ? 'zod' : undefined,
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
