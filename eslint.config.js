import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      // The origin's media: the MPEG-TS fixture's segments end in .ts and are not TypeScript.
      'apps/platform/media/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/embed/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // DESIGN.md: packages never import apps, and the player imports no other package of ours.
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/apps/**', '@onair/embed', '@onair/platform', 'react', 'react-dom'] },
      ],
    },
  },
  {
    files: ['packages/player/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@onair/*', '**/apps/**', 'react', 'react-dom'] }] },
  },
  {
    files: [
      'packages/contracts/**/*.ts',
      'packages/config/**/*.ts',
      'packages/consent/**/*.ts',
      'packages/identity/**/*.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@onair/*', '**/apps/**', 'react', 'react-dom'] }] },
  },
  {
    files: ['packages/monitoring/**/*.ts', 'packages/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '@onair/player',
            '@onair/api',
            '@onair/realtime',
            '@onair/embed',
            '@onair/platform',
            '**/apps/**',
            'react',
            'react-dom',
          ],
        },
      ],
    },
  },
  {
    files: ['apps/platform/**/*.ts'],
    ignores: ['apps/platform/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@onair/player', '@onair/embed', '**/apps/embed/**', '**/packages/**', 'react', 'react-dom'] },
      ],
    },
  },
  {
    // The platform's tests may drive it with the real client; its runtime code may not.
    files: ['apps/platform/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@onair/player', '@onair/embed', '**/apps/embed/**', 'react'] }],
    },
  },
  {
    // The stand-in cast receiver is a page the platform serves, playing with our engine as a
    // real receiver app would: browser code bundled from source, never imported by the server.
    files: ['apps/platform/cast-client/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@onair/embed', '**/apps/embed/**', 'react', 'react-dom'] }],
    },
  },
);
