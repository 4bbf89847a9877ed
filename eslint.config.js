import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/release/**',
      '**/coverage/**',
      'node_modules/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // The shared contract runs everywhere: no Node, DOM or Electron.
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'electron', 'react', 'react-dom'] }],
    },
  },
  {
    // NestJS resolves constructor dependencies from their emitted types: those imports must stay values.
    files: ['server/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // What the server fetches for users goes through OutboundHttp, which refuses private addresses.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/modules/outbound-http/**', 'server/src/**/*.spec.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Fetch through OutboundHttp (modules/outbound-http): it refuses private addresses.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:http', 'node:https', 'http', 'https', 'undici'].map((name) => ({
            name,
            message: 'Fetch through OutboundHttp (modules/outbound-http): it refuses private addresses.',
          })),
        },
      ],
    },
  },
  {
    files: ['server/test/**/*.ts', '**/*.spec.ts', '**/*.spec.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The renderer runs in a browser page: it reaches Electron only through window.desktop.
    files: ['desktop/src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: ['electron', 'node:*', 'fs', 'path', '**/main/**', '**/preload/**'] },
      ],
    },
  },
  {
    files: ['desktop/src/main/**/*.ts', 'desktop/src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', '**/renderer/**'] }] },
  },
);
