// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Imports a folder may not make: the boundaries of DESIGN.md's package table. */
const boundary = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/coverage/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
      // process.env is read only by each app's validated config module.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
      ],
    },
  },
  {
    files: [
      '**/config.ts',
      '**/*.config.ts',
      '**/*.test.ts',
      '**/*.testkit.ts',
      'e2e/**',
      'bench/**',
      'scripts/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['packages/shared/**'],
    rules: boundary([
      {
        group: ['@referrals/*', '**/apps/**'],
        message: 'packages/shared imports nothing of ours.',
      },
    ]),
  },
  // --- apps/web (browser code) -------------------------------------------------------------
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The rules of hooks, and the React Compiler's checks of what a render may do.
  { files: ['apps/web/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  // --- end apps/web ---------------------------------------------------------------------------
  {
    files: ['apps/web/**'],
    rules: boundary([
      {
        group: [
          '@referrals/relay',
          '@referrals/upstream-sim',
          '**/apps/relay/**',
          '**/apps/upstream-sim/**',
        ],
        message: 'The web app talks to the relay over HTTP only.',
      },
    ]),
  },
  {
    files: ['apps/relay/**'],
    // Tests run the stand-in in process; production code reaches it over HTTP only.
    ignores: ['**/*.test.ts', '**/*.testkit.ts'],
    rules: boundary([
      {
        group: [
          '@referrals/web',
          '@referrals/upstream-sim',
          '**/apps/web/**',
          '**/apps/upstream-sim/**',
        ],
        message: 'The relay reaches upstream over HTTP only.',
      },
    ]),
  },
  {
    files: ['apps/upstream-sim/**'],
    rules: boundary([
      {
        group: ['@referrals/web', '@referrals/relay', '**/apps/web/**', '**/apps/relay/**'],
        message: 'The stand-in imports only shared.',
      },
    ]),
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
