// Lint rules for every part: type-aware, so floating promises are caught.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import partBoundaries from './build/eslint-part-boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // What each part may import (README, "Architecture"), judged on resolved paths: build/eslint-part-boundaries.js.
    files: ['core/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}', 'sw/**/*.ts', 'server/**/*.ts'],
    plugins: { boundaries: partBoundaries },
    rules: { 'boundaries/imports': 'error' },
  },
  {
    files: [
      'eslint.config.js',
      'build/eslint-part-boundaries.js',
      'public/**/*.js',
      'core/host-globals.d.ts',
    ],
    ...tseslint.configs.disableTypeChecked,
  },
);
