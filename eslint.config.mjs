import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'coverage/**', '.tmp/**', '.scratch*/**', 'tools/**', '*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'off',
    },
  },
  {
    // The dashboard's page script runs in the browser as a classic script.
    files: ['libs/reporting/src/dashboard/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // Worker-thread entries are CommonJS: they load tools/register.js before any TypeScript.
    files: ['**/*.worker.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The domain is pure: deciders and evolvers know nothing of Nest, SQL or the event-store client.
    files: ['**/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['@nestjs/*'], message: 'domain/ must not import Nest' },
          { group: ['pg', 'pg-*', 'kysely', 'kysely-*'], message: 'domain/ must not import SQL clients' },
          { group: ['@eventstore/*', '@electric-sql/*', '@shipledger/event-store', '@shipledger/database'], message: 'domain/ must not import an event store or database' },
          { group: ['class-validator', 'class-transformer', '@nestjs/swagger'], message: 'domain types carry no decorators' },
        ],
      }],
    },
  },
);
