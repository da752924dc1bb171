// ESLint flat config. The rules that matter for structure:
// - import-x/no-restricted-paths: a feature imports only components/, lib/, types/ (and its own
//   folder); lib/, components/ and types/ never import a feature or the app shell.
// - no barrel files: no index.ts that re-exports a folder; import the module that defines a name.
// - react-hooks: the rules of hooks and exhaustive deps.
// src/testing/lint-config.test.ts runs this config on fixtures, so a broken boundary fails `make test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Every feature may import only itself among the features. */
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'A feature imports only components/, lib/, types/ and its own folder: move shared code out of the feature.',
}));

const layerZones = ['lib', 'components', 'types'].map((layer) => ({
  target: `./src/${layer}`,
  from: ['./src/features', './src/app'],
  message: `${layer}/ is shared code: it must not import a feature or the app shell.`,
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'playwright-report', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: globals.browser,
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}tsconfig.app.json` })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...featureZones, ...layerZones] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration, ExportNamedDeclaration[source]',
          message: 'No barrel files or re-exports: import the module that defines a name.',
        },
      ],
      // React Router's Link and NavLink carry its framework-mode prefetching into every first load.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: "Use Link and NavLink from '@/components/ui/link': React Router's own add its prefetching to every first load.",
            },
          ],
        },
      ],
      // A variable read in a closure before its assignment (timers that cancel each other).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // index.ts files exist only as barrels; there are none, and there must be none.
    files: ['src/**/index.ts', 'src/**/index.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Program', message: 'No barrel files: src/**/index.ts is not allowed; import modules directly.' },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', '*.config.{js,ts}', 'scripts/**/*.{js,mjs}', 'e2e/**/*.mjs'],
    languageOptions: {
      // Node scripts that also hand functions to the browser (page.evaluate).
      globals: { ...globals.node, ...globals.browser },
    },
  },
);
