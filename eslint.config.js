import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import jizu from './eslint/jizu-plugin.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/web/dist-dev/**', 'apps/server/dist-*/**', 'data/**', 'apps/server/src/db/migrations/**', 'e2e/artifacts/**', 'bench/results/**', 'apps/web/.prerender/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // shared schemas take zod from src/zod.ts, which installs the catalogue's Chinese messages wherever they load
    files: ['packages/shared/src/**/*.ts'],
    // the error catalogue and the package index are the server's: they may use the aggregate M
    ignores: ['packages/shared/src/zod.ts', 'packages/shared/src/errors.ts', 'packages/shared/src/errors/**', 'packages/shared/src/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: "import { z } from '../zod' (zod with the catalogue's Chinese messages)" }],
          patterns: [{ regex: '^\\.\\.?/messages$', message: "import the sections used from '../messages/<section>': the aggregate M would put the whole catalogue into every web bundle" }],
        },
      ],
    },
  },
  {
    // the web app imports the catalogue's sections it uses, never the aggregate (first-load budgets)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: '@jizu/shared/messages', message: "import { common as msg_common } from '@jizu/shared/messages/common' (one section per module)" }, { name: '@jizu/shared', message: 'import from the module itself (@jizu/shared/<path>)' }] }] },
  },
  {
    // issue 27: a form's limits from the shared schema (ui/formRules.ts), colours from the theme (app/theme.ts), what a
    // person reads from the text catalogue (texts/, @jizu/shared/messages)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { jizu },
    rules: { 'jizu/form-rule-limits': 'error', 'jizu/no-colour-literal': 'error' },
  },
  {
    files: ['apps/web/src/app/theme.ts'],
    rules: { 'jizu/no-colour-literal': 'off' },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    rules: { 'jizu/no-inline-text': 'error' },
  },
  {
    files: ['scripts/**', 'apps/web/scripts/**', 'apps/server/scripts/**', 'bench/**', 'e2e/**', 'apps/server/src/**/*.cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
