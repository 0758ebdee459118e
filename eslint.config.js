import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { souqPlugin } from './tools/eslint-import-zones.js';

/*
 * The import rules of docs/architecture.md ("Import rules"), checked on every `npm run check`.
 * Paths are from the repository root.
 */
const web = 'apps/web/src';
const webFeatures = fs
  .readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Layers every feature may use; they never reach into a feature. */
const sharedWebLayers = ['components', 'lib', 'store', 'shared'].map((layer) => `${web}/${layer}`);

const importZones = [
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature; move what both need to components, lib or store.',
  })),
  {
    target: sharedWebLayers,
    from: `${web}/features`,
    message: 'Shared web layers (components, lib, store, shared) never import a feature.',
  },
  {
    target: 'apps/server/src/db',
    from: 'apps/server/src/modules',
    message: 'The database layer never imports a module; modules import db.',
  },
  {
    target: 'packages/contracts',
    from: ['apps', 'scripts', 'bench', 'e2e'],
    message: 'Contracts import nothing of ours but other contracts.',
  },
  {
    target: 'apps/web',
    from: 'apps/server',
    message: 'The web app never imports server code; share it through packages/contracts.',
  },
];

/** Configuration is read in one place; these files set up processes and tests and may read it too. */
const processEnvAllowed = [
  'apps/server/src/env.ts',
  'apps/server/src/test/**',
  'apps/server/src/**/*.test.ts',
  'apps/web/vite.config.ts',
  'scripts/**',
  'bench/**',
  'e2e/**',
  'playwright.config.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify plugins must be async functions even when they only register routes.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    plugins: { souq: souqPlugin },
    rules: {
      'souq/import-zones': ['error', { zones: importZones }],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through apps/server/src/env.ts (readEnv).',
        },
      ],
    },
  },
  {
    files: processEnvAllowed,
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests read what they just asserted exists.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
