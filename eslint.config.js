// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Imports a folder may not make: the boundaries of DESIGN.md's package table. */
const boundary = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

/** The relay's tests: they run the stand-in and reach inside the stages they test. */
const RELAY_TESTS = ['**/*.test.ts', '**/*.testkit.ts'];

const RELAY_BOUNDARY = [
  {
    group: [
      '@referrals/web',
      '@referrals/upstream-sim',
      '**/apps/web/**',
      '**/apps/upstream-sim/**',
    ],
    message: 'The relay reaches upstream over HTTP only.',
  },
];

/** What wires the relay together: no stage imports it. */
const WIRING = {
  group: ['**/app.js', '**/main.js', '**/backend.js'],
  message: 'A stage is wired by app.ts; it does not import the wiring.',
};
const upward = (stages, message) => ({
  group: stages.flatMap((s) => [`../${s}/**`, `../../${s}/**`, `../../../${s}/**`]),
  message,
});

/** Per stage of the relay, what it may not import. */
const RELAY_STAGES = {
  lib: [{ group: ['../*', '../**', '!../lib/**'], message: 'lib/ imports nothing of the relay.' }],
  changeLog: [
    WIRING,
    upward(
      ['ingest', 'readModel', 'realtime', 'http', 'ssr'],
      'The change log knows neither its writers nor its readers.',
    ),
  ],
  ingest: [
    WIRING,
    upward(
      ['readModel', 'realtime', 'http', 'ssr'],
      'Ingest writes the change log; it never reads the read model, sockets or routes.',
    ),
  ],
  readModel: [
    WIRING,
    upward(
      ['ingest', 'realtime', 'http', 'ssr'],
      'The read model follows the change log; it knows neither ingest nor its readers.',
    ),
  ],
  presence: [
    WIRING,
    upward(
      ['ingest', 'realtime', 'http', 'ssr'],
      'Presence is kept for sockets and routes; it knows neither them nor ingest.',
    ),
    {
      group: ['**/readModel/**', '!**/readModel/api.js'],
      message: 'Read the read model through readModel/api.ts only.',
    },
  ],
  ...Object.fromEntries(
    ['realtime', 'http', 'ssr'].map((stage) => [
      stage,
      [
        WIRING,
        upward(['ingest'], 'Readers of the read model do not reach into ingest.'),
        {
          group: ['**/readModel/**', '!**/readModel/api.js'],
          message: 'Read the read model through readModel/api.ts only.',
        },
      ],
    ]),
  ),
};

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
    ignores: RELAY_TESTS,
    rules: boundary(RELAY_BOUNDARY),
  },
  {
    files: ['apps/relay/**/*.ts'],
    // A new message kind of the host's or a worker's protocol does not compile until handled.
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  // The relay's stages import in one direction (docs/ARCHITECTURE.md): lib <- changeLog <- ingest,
  // changeLog <- readModel <- presence <- realtime, http, ssr (through readModel/api.ts only) <- app.
  ...Object.entries(RELAY_STAGES).map(([stage, patterns]) => ({
    files: [`apps/relay/src/${stage}/**`],
    ignores: RELAY_TESTS,
    rules: boundary([...RELAY_BOUNDARY, ...patterns]),
  })),
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
