import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Imports flow one way: domain <- api/offline/ui <- features <- app. A feature never imports
// another feature; worker/, sw/ and server/ import domain/ only (docs/architecture.md). Enforced here with
// no-restricted-imports per layer, so a wrong import fails `npm run lint`.
const layer = (files, patterns) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group, message: 'This layer may not import that one (see docs/architecture.md, imports flow one way).' })) }],
  },
});
const features = existsSync('src/features') ? readdirSync('src/features') : [];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'server/db/migrations/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  layer(['src/domain/**'], [['**/api/**', '**/offline/**', '**/ui/**', '**/features/**', '**/app/**', '**/server/**', 'react', 'react-dom', 'dexie', 'fastify', '@mantine/*']]),
  layer(['src/api/**', 'src/offline/**', 'src/ui/**', 'src/i18n/**'], [['**/features/**', '**/app/**', '**/server/**']]),
  layer(['worker/**', 'server/**'], [['**/src/app/**', '**/src/features/**', '**/src/ui/**', '**/src/api/**', '**/src/offline/**']]),
  // The service worker replays the same outbox as the page, so it may use src/offline (ADR 0003).
  layer(['sw/**'], [['**/src/app/**', '**/src/features/**', '**/src/ui/**', '**/src/api/**', 'react', 'react-dom', '@mantine/*']]),
  ...features.map((name) =>
    layer([`src/features/${name}/**`], [['**/app/**', '**/server/**', ...features.filter((other) => other !== name).flatMap((other) => [`**/features/${other}/**`, `../**/${other}/**`, `../${other}`, `../${other}/**`])]]),
  ),
);
