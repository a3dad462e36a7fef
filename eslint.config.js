import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** The SPA's feature folders: each may import src/ui and src/lib, never another feature. */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'data',
      'node_modules',
      'src/routeTree.gen.ts',
      'openapi/schema.d.ts',
      'bench/.out',
      '.stryker-tmp',
      'reports',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-cycle': 'error',
      'import-x/no-duplicates': 'error',
      // Imports flow one way: openapi -> domain -> machines -> src, and domain -> server.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './domain',
              from: ['./src', './server', './machines'],
              message: 'domain/ imports only openapi/ types',
            },
            { target: './server', from: './src', message: 'server/ never imports the SPA' },
            { target: './server', from: './machines', message: 'server/ never imports machines' },
            { target: './machines', from: './src', message: 'machines are framework-free' },
            { target: './machines', from: './server', message: 'machines are framework-free' },
            {
              target: './src',
              from: './server',
              message: 'the SPA talks to the server over HTTP only',
            },
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'a feature never imports another: share through src/ui or src/lib',
            })),
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
  },
  {
    // The rules both sides share import nothing but the contract's types and each other: no
    // package, no Node, no framework (their tests may import vitest).
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './domain',
              from: '.',
              except: ['./domain', './openapi'],
              message: 'domain/ imports only openapi/ types',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^node:', message: 'domain/ imports only openapi/ types' }] },
      ],
    },
  },
  {
    // Tests read response bodies loosely; the contract tests pin their shapes.
    files: ['tests/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@xstate/react', 'openapi-fetch'],
              message: 'Machines import only xstate and the generated API types.',
            },
          ],
        },
      ],
    },
  },
);
