import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What no player file may import: other packages of ours, apps, React. */
const PLAYER_OUTSIDE = { group: ['@onair/*', '**/apps/**', 'react', 'react-dom'] };

/** A floor of packages/player/src that must never import what `regex` matches (tests exempt). */
function playerFloor(folder, regex, message) {
  return {
    files: [`packages/player/src/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PLAYER_OUTSIDE, { regex: regex.source, message }] }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'build/**',
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
    files: ['apps/embed/**/*.{ts,tsx}', 'bindings/**/*.{ts,tsx}'],
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
    rules: { 'no-restricted-imports': ['error', { patterns: [PLAYER_OUTSIDE] }] },
  },
  // The player's floors (docs/player.md): a room imports only rooms below it. The circle check
  // (scripts/check-cycles.mjs) catches any loop; these say which way each floor may not look.
  playerFloor('types', /^\.\.\//, 'types/ is the ground floor: it imports nothing outside types/.'),
  playerFloor(
    'engine',
    /^\.\.\/(sinks|live-sw|parts|analytics|cast|gpu)\/|^\.\.\/(player|player-api|player-config|index)\.ts$/,
    'engine/ is the dedicated worker core: it never imports the sinks, the service worker, the parts or the facade.',
  ),
  playerFloor(
    'live-sw',
    /^\.\.\/(sinks|engine|parts|analytics|cast|gpu)\/|^\.\.\/(player|player-api|player-config|index)\.ts$/,
    'live-sw/ is the service worker runtime: it never imports the sinks, the engine, the parts or the facade.',
  ),
  playerFloor(
    'sinks',
    /^(\.\.\/)+(parts\/|(player|player-api|player-config|index)\.ts$)/,
    'A sink never imports the parts or the facade: they drive sinks through SinkHost.',
  ),
  playerFloor(
    'hls',
    /^\.\.\/(?!types\/)/,
    'hls/ holds the playlist parsers shared by engine/ and live-sw/: it imports only types/.',
  ),
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
