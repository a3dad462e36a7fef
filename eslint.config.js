import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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
      // Imports flow one way: openapi -> machines -> src, and openapi -> server.
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
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
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
