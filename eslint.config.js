// Lint keeps the layers honest (ARCHITECTURE §2): import zones between layers, no cross-feature
// imports, process.env only in server/config/env.ts. `npm run lint` allows zero warnings.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const subdirectories = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

const webFeatures = subdirectories('web/features');
const serverModules = subdirectories('server/modules');
const root = path.resolve('.');

/**
 * Server modules in tiers, lowest first (docs/architecture.md): a module may import modules of its own
 * tier and lower ones, never a higher one. A higher module that must act inside a lower one's
 * transaction subscribes to the lower module's hook (e.g. sessions' onSessionCompleted).
 */
const MODULE_TIERS = [
  [
    'platform',
    [
      'health',
      'idempotency',
      'ledger',
      'outbox',
      'uploads',
      'security-events',
      'platform-settings',
      'notifications',
    ],
  ],
  ['identity', ['auth', 'admin', 'roles', 'profiles', 'applications']],
  ['money', ['coupons', 'settlement', 'wallet', 'payments', 'earnings', 'payouts', 'gifts', 'admin-money']],
  ['catalogue', ['services', 'programs', 'discovery', 'coach-pages']],
  [
    'sessions',
    [
      'presence',
      'scheduling',
      'bookings',
      'session-requests',
      'sessions',
      'session-room',
      'chat',
      'session-extensions',
      'session-invitations',
      'followups',
      'reviews',
      'messages',
    ],
  ],
];
const tiered = MODULE_TIERS.flatMap(([, modules]) => modules);
const untiered = serverModules.filter((module) => !tiered.includes(module));
if (untiered.length > 0)
  throw new Error(`eslint.config.js: give each server module a tier in MODULE_TIERS: ${untiered.join(', ')}`);
const tierZones = MODULE_TIERS.flatMap(([tier, modules], index) => {
  const higher = MODULE_TIERS.slice(index + 1).flatMap(([, above]) => above);
  if (higher.length === 0) return [];
  return modules.map((module) => ({
    target: `./server/modules/${module}`,
    from: higher.map((above) => `./server/modules/${above}`),
    message: `The ${tier} tier never imports a higher tier's module (see MODULE_TIERS).`,
  }));
});

/** Imports that leave their folder by more than one level use an alias (package.json "imports"). */
const deepRelativeImport = {
  regex: '^\\.\\./\\.\\./',
  message: 'Use an alias (#domain/, #contracts/, #server/, #web/, #test/, #scripts/) instead of ../../.',
};

const layerZones = [
  ...tierZones,
  {
    target: './domain',
    from: ['./contracts', './server', './web', './test', './scripts'],
    message: 'domain/ imports only domain/.',
  },
  {
    target: './contracts',
    from: ['./server', './web', './test', './scripts'],
    message: 'contracts/ imports only domain/ and zod.',
  },
  { target: './web', from: ['./server', './scripts'], message: 'web/ never imports server/.' },
  { target: './server', from: ['./web'], message: 'server/ never imports web/.' },
  {
    target: ['./web/components', './web/lib'],
    from: ['./web/features', './web/app'],
    message: 'Shared components and lib do not depend on features or routes.',
  },
  {
    target: './web/features',
    from: './web/app',
    message: 'Features do not import routes; routes compose features.',
  },
  ...webFeatures.map((feature) => ({
    target: `./web/features/${feature}`,
    from: './web/features',
    except: [`./${feature}`],
    message: 'One feature never imports another; compose them in a route (web/app/routes).',
  })),
  ...serverModules.map((module) => ({
    target: `./server/modules/${module}/**`,
    from: `${root}/server/modules/*/*.repository.ts`,
    except: [`${root}/server/modules/${module}/**`],
    message: "A module calls another module's service, never its repository.",
  })),
];

const processEnvRestriction = {
  object: 'process',
  property: 'env',
  message: 'Read configuration through server/config/env.ts.',
};
const sharedModuleRestrictions = [
  'mock',
  'doMock',
  'unmock',
  'doUnmock',
  'stubGlobal',
  'stubEnv',
  'resetModules',
].map((property) => ({
  object: 'vi',
  property,
  message: 'Integration files share modules (isolate: false): pass fakes to the app instead.',
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'server/db/migrations/**',
      'web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'no-restricted-imports': ['error', { patterns: [deepRelativeImport] }],
      'import-x/no-default-export': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an `as const` union instead of an enum.' },
      ],
    },
  },
  {
    // process.env is read in one place only; scripts, tests and tool configs are outside the product.
    files: ['domain/**', 'contracts/**', 'server/**', 'web/**'],
    ignores: ['server/config/env.ts'],
    rules: {
      'no-restricted-properties': ['error', processEnvRestriction],
    },
  },
  {
    // Domain rules are pure: no packages (but zxcvbn-ts and @date-fns/tz), no Node built-ins (tests may use vitest).
    files: ['domain/**'],
    ignores: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepRelativeImport,
            // zxcvbn-ts is pure computation, shared by the server and the browser; @date-fns/tz reads
            // the time-zone rules the runtime carries (Intl), never the clock.
            {
              regex: '^(?!\\.|#domain/|@zxcvbn-ts/|@date-fns/tz$)',
              message: 'domain/ is pure: it imports only other domain/ modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every browser test runs axe on the screens it visits: specs take test/expect from ./lib/test.
    files: ['test/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [deepRelativeImport],
          paths: [
            {
              name: '@playwright/test',
              allowTypeImports: true,
              message: "Import test and expect from './lib/test' (it checks every screen with axe).",
            },
          ],
        },
      ],
    },
  },
  {
    // Integration files share their worker's modules (vitest.config.ts, isolate: false): a module mock
    // or a stubbed global would leak into the next file, or not apply because the module is loaded.
    files: ['**/*.integration.test.ts'],
    rules: { 'no-restricted-properties': ['error', ...sharedModuleRestrictions] },
  },
  {
    // The same, for integration files inside the product's folders (which also read no process.env).
    files: ['{domain,contracts,server,web}/**/*.integration.test.ts'],
    rules: { 'no-restricted-properties': ['error', processEnvRestriction, ...sharedModuleRestrictions] },
  },
  {
    // Web tests share their worker's modules (vitest.config.ts) unless named *.isolated.test.tsx.
    files: ['web/**/*.test.{ts,tsx}'],
    ignores: ['web/**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        processEnvRestriction,
        ...sharedModuleRestrictions.map((restriction) => ({
          ...restriction,
          message: 'Web tests share modules: name a file that mocks or stubs *.isolated.test.tsx.',
        })),
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Declarations of untyped packages mirror their module's shape.
    files: ['**/*.d.ts', '**/*.d.mts'],
    rules: { 'import-x/no-default-export': 'off', '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    // Tool configuration files must default-export their config.
    files: ['*.config.{ts,js,mjs}', 'test/setup/*.global.ts'],
    rules: { 'import-x/no-default-export': 'off' },
  },
);
