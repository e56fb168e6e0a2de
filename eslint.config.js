import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-bench/**',
      'data/**',
      'packages/protocol/src/gen/**',
      '**/playwright-report/**',
      '**/test-results/**',
      // The native shells' generated projects and the web app copied into them.
      'packages/shell/android/**',
      'packages/shell/ios/**',
      'packages/shell/www/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['*.js', '*.mjs', 'scripts/**', '**/*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // CommonJS scripts (the engine CLI starts without Node's ES module loader).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The core is pure: no I/O, no clock, no randomness, nothing of ours.
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/cli/**', 'packages/core/src/**/*.test.ts'],
    languageOptions: { globals: globals.es2021 },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'core is pure: no Node APIs' })),
          patterns: [{ group: ['@planner/*'], message: 'core imports nothing of ours' }],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'core takes now as an argument' },
        { object: 'Math', property: 'random', message: 'core takes a seed as an argument' },
        { object: 'process', message: 'core reads no environment' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'core runs without a DOM' },
        { name: 'document', message: 'core runs without a DOM' },
        { name: 'localStorage', message: 'core runs without a DOM' },
        { name: 'process', message: 'core reads no environment' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'core takes now as an argument',
        },
      ],
    },
  },
  {
    files: ['packages/core/src/cli/**', 'packages/core/bench/**', 'packages/core/src/**/*.test.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['packages/protocol/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@planner/server', '@planner/web'],
              message: 'protocol depends on core only',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@planner/web', '@planner/web/*'], message: 'server never imports web' },
          ],
        },
      ],
    },
  },
  {
    // The server's test files share their worker's modules (packages/server/vitest.config.ts):
    // a module replaced in one would leak into the next, or never take effect.
    files: ['packages/server/src/**/*.test.ts'],
    ignores: ['packages/server/src/**/*.isolated.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: 'a file that mocks a module is named *.isolated.test.ts (its own module graph)',
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@planner/server', '@planner/server/*'],
              message: 'web never imports server',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/e2e/**', 'packages/web/*.config.ts'],
    languageOptions: { globals: globals.node },
  },
);
