// Lint rules for every part: type-aware, so floating promises are caught.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

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
  ...partBoundaries(),
  {
    files: ['eslint.config.js', 'public/**/*.js', 'core/host-globals.d.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);

/**
 * What each part may import (README, "Architecture"), as no-restricted-imports patterns on the import's text.
 * Every app import is relative, so a path climbing into another part names that part. The tsconfig of each part
 * (tsconfig.core.json, .offline, .sw, .src, .server) forbids the other half: the host's globals.
 */
function partBoundaries() {
  const rule = (message, ...regexes) => regexes.map((regex) => ({ regex, message }));
  const nodeBuiltin = `^(node:|(${builtinModules.join('|')})(/|$))`;
  const page = rule(
    'src/ is the page: it imports core/ (and the service worker only by registration).',
    '^(\\.\\./)+(server|sw|scripts|tests)/',
    nodeBuiltin,
  );
  const parts = [
    {
      files: ['core/**/*.ts'],
      patterns: [
        ...rule(
          'core/ imports nothing of the app (only content/ data).',
          '^(\\.\\./)+(src|server|sw|scripts|tests|build)/',
        ),
        ...rule(
          'core/ runs in browser, service worker and Node: only small pure libraries.',
          '^(?![./])(?!(zod|@dagrejs/dagre|read-gedcom|@lingui/message-utils/compileMessage)$)',
        ),
      ],
    },
    {
      files: ['src/**/*.{ts,tsx}'],
      patterns: page,
    },
    {
      files: ['src/offline/**/*.ts'],
      patterns: [
        ...page,
        ...rule(
          'src/offline/ is shared with the service worker: it imports core/ and itself, no React, no screens.',
          '^\\.\\./(?!\\.\\./core/)',
          '^react',
        ),
      ],
    },
    {
      files: ['src/lib/**/*.{ts,tsx}'],
      patterns: [
        ...page,
        ...rule('src/lib/ serves every screen: it never imports one.', '^\\.\\./(features|app)/'),
      ],
    },
    {
      files: ['sw/**/*.ts'],
      patterns: rule(
        'sw/ imports core/ and the shared src/offline/ only.',
        '^\\.\\./(?!core/|src/offline/)',
        '^react',
      ),
    },
    {
      files: ['server/**/*.ts'],
      patterns: rule('server/ imports core/, never the page or the service worker.', '^(\\.\\./)+(src|sw)/'),
    },
  ];
  return parts.map(({ files, patterns }) => ({
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  }));
}
