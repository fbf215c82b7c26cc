import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const zodImports = ['zod', 'zod/v4', 'zod/mini', 'zod/v4/mini'].map((name) => ({
  name,
  message: "Import z from shared/zod: zod/mini with classic zod's English messages.",
}));

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'dist', 'web/dist', '.local', 'bench/results', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': ['error', { paths: zodImports }],
    },
  },
  { files: ['shared/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    // Imports go one way: no module reaches itself again through its imports (the web app's aliases resolved
    // as Vite resolves them, from web/tsconfig.json).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // What import-x reads our own modules with (as its TypeScript preset says), and how it resolves them.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One type check covers the Node code and the browser tests, so it knows the DOM's globals (bin/lint.ts):
    // code that runs in Node must not reach for them.
    files: ['bin/**', 'lib/**', 'lambdas/**', 'shared/**'],
    rules: {
      'no-restricted-globals': ['error', ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator'].map((name) => ({ name, message: 'Node code: no browser globals.' }))],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...zodImports,
            // The barrel ties every rule any page uses into one chunk in front of all pages (docs/DECISIONS.md).
            { name: '@shared/rules', message: 'Import the rule from its module (@shared/rules/format, …).' },
          ],
        },
      ],
    },
  },
);
