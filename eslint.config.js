import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'fixtures',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/adapters/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The core is pure: no React, DOM, SDK or src/ import (DESIGN.md).
    files: ['streams/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '../src/*', '../../src/*'],
              message: 'streams/ is pure: it imports nothing from src/.',
            },
            {
              group: ['react', 'react-*', 'react/*', '@fluentui/*', 'observable-hooks'],
              message: 'streams/ is pure: no React.',
            },
            {
              group: ['agora-*', 'white-web-sdk', 'axios', 'ws', 'node:*', 'fastify', '@fastify/*'],
              message: 'streams/ is pure: no SDK, I/O library or Node API.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'localStorage',
        'WebSocket',
        'fetch',
        'setTimeout',
        'setInterval',
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    // Tests read untyped wire frames; scripts and benches print.
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
)
