import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = '^(node:.*|fs|path|os|crypto|http|https|net|child_process|url|util|stream|worker_threads|events|buffer)(/.*)?$';

/**
 * Layers are folders, and imports that go the wrong way fail lint (the VS Code way):
 * - `electron` only in src/main/hosts/electron and src/preload;
 * - no Node built-ins (and no main-process code) in src/shared and src/renderer;
 * - the core never imports a host.
 */
export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.cache/**', 'test-results/**', 'playwright-report/**', 'scripts/.shot.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'electron belongs in src/main/hosts/electron and src/preload only' }] },
      ],
    },
  },
  {
    files: ['src/main/hosts/electron/**', 'src/preload/**', 'test/e2e/electron/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/shared/**', 'src/renderer/**', 'test/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'electron belongs in src/main/hosts/electron and src/preload only' }],
          patterns: [
            { regex: nodeBuiltins, message: 'no Node built-ins here: this code runs in the browser' },
            { group: ['**/main/**', 'better-sqlite3', 'undici'], message: 'shared and renderer code cannot reach main-process code' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/core/**', 'src/main/sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'the core runs under plain Node: no electron' }],
          patterns: [{ group: ['**/hosts/**'], message: 'the core does not know its hosts' }],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.tsx', 'src/renderer/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
