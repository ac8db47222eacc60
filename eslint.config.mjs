// One lint setup for the whole repository (run by `npm test`).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.data/**',
      'e2e/.artifacts/**',
      'shared/src/api/types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mui/material/*', '@mui/system/*'],
              message: 'Import from the package root: MUI is a whole-package federation singleton (rspack.base.js).',
            },
            {
              group: ['@stockwise/shared/*'],
              message: 'Import from @stockwise/shared itself: its index is the federation singleton’s public face.',
            },
            {
              group: ['mfe-*', '**/mfe-*/**', 'shell', '**/shell/src/**'],
              message: 'Remotes never import each other or the shell; use the URL, the API or @stockwise/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'e2e/**/*.{ts,mjs}'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
