import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { passwordDictionaries } from './scripts/vite/password-dictionaries.mjs';

// Every test runs in UTC, whatever the machine's zone: set before the workers start (they inherit the
// environment, and Intl reads TZ when it first formats), and again per project through `env`.
process.env.TZ = 'UTC';

// Three tiers, chosen by file suffix (docs/architecture.md):
//   *.test.ts             unit: pure, no I/O, milliseconds
//   web/**/*.test.tsx     web: components in happy-dom (*.isolated.test.tsx: those that mock modules)
//   *.integration.test.ts real PostgreSQL through buildApp() + inject, one fresh database per file
export default defineConfig({
  // The password checker's word lists in parts, as in the build (vite.config.ts).
  plugins: [react(), passwordDictionaries()],
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{domain,contracts,server,scripts,test}/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', 'node_modules/**'],
          setupFiles: ['./test/setup/unit.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}'],
          exclude: ['web/**/*.isolated.test.{ts,tsx}', 'node_modules/**'],
          setupFiles: ['./test/setup/web.ts'],
          // Files share their worker's module graph and page (half this project's time went on a fresh
          // environment, set-up and imports per file); test/setup/web.ts cleans the page after each
          // test. A file that mocks a module or stubs a global is `*.isolated.test.tsx` (eslint.config.js).
          isolate: false,
          // Above the 5 s a findBy may wait (test/setup/web.ts).
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          // Web tests that mock a module (vi.mock) or stub a global: each file in its own module graph.
          name: 'web-isolated',
          environment: 'happy-dom',
          include: ['web/**/*.isolated.test.{ts,tsx}'],
          setupFiles: ['./test/setup/web.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['**/*.integration.test.ts'],
          exclude: ['node_modules/**'],
          globalSetup: ['./test/setup/database.global.ts'],
          // Files share their worker's module graph: the app is imported once per worker, not once per
          // file (a third of this suite's time). Each file still has its own database and app instance;
          // none may mock a module or stub a global (eslint.config.js), and `npx vitest run --project
          // integration --sequence.shuffle.files` must pass whatever the order.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
