// One lint configuration for the whole workspace.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'var/**', 'k6/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // TypeScript checks names itself; plain .mjs scripts run on Node.
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog's or a step's first field takes the focus as it opens (MUI components, not DOM).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // The layers of the PWA: app (start-up, providers, layout, routes) above features above shared.
    files: ['pwa/src/shared/**/*.{ts,tsx}'],
    ignores: ['pwa/src/shared/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'shared/ is below features/ and app/.' }] },
      ],
    },
  },
  {
    // A feature reaches another only through what that one exports on purpose (its index.ts).
    files: ['pwa/src/features/**/*.{ts,tsx}'],
    ignores: ['pwa/src/features/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**'], message: 'features/ is below app/.' },
            {
              // From a feature's own folder, ../<other>/<file> is another feature's inside.
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)',
              message: 'Import another feature through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The development stack (mongod, test servers, demo accounts) is for tests and tools: no
    // service's production code, nor the libraries compiled into it, may load it.
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/dev-stack/**', 'services/*/src/**/*.test.ts', 'services/*/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@coach/dev-stack', '@coach/dev-stack/*'], message: 'dev-stack is for tests only.' }] },
      ],
    },
  },
);
