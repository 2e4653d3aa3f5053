import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * The boundaries (test/architecture/boundaries.unit.spec.ts lists them and proves each fails lint):
 * - every library: another context only through its index (`@shipledger/<context>`), never apps/;
 * - domain/: nothing from Nest, SQL clients, the event store, validators, and no clock or random ids;
 * - application/: a slice does not import a sibling slice (shared/ and ports/ are for that);
 * - read-models/: events and domain types, never application code;
 * - the shared kernel (ddd, event-store, database, platform, projections): no bounded context;
 * - production code: never the testing kit.
 */
const EVERY_LIBRARY = [
  { regex: '^@shipledger/[^/]+/', message: 'import another context only through its index: @shipledger/<context>' },
  { group: ['@shipledger/testing'], message: 'production code never imports the testing kit (specs may)' },
  { regex: '^(\\.\\./)+(?:[a-z-]+/)?(?:apps|libs)/', message: 'import another library through @shipledger/<name>, and never apps/' },
  { regex: '^\\.[./]*/[a-z-]+/src(/|$)', message: 'import another library through @shipledger/<name>, not by a relative path' },
];

const DOMAIN = [
  { group: ['@nestjs/*'], message: 'domain/ must not import Nest' },
  { group: ['pg', 'pg-*', 'kysely', 'kysely-*'], message: 'domain/ must not import SQL clients' },
  { group: ['@eventstore/*', '@electric-sql/*', '@shipledger/event-store', '@shipledger/database'], message: 'domain/ must not import an event store or database' },
  { group: ['class-validator', 'class-transformer', '@nestjs/swagger'], message: 'domain types carry no decorators' },
  { group: ['**/application/**', '**/read-models/**'], message: 'domain/ knows nothing of the application or read models' },
];

const DOMAIN_PATHS = [
  { name: 'node:crypto', importNames: ['randomUUID', 'randomBytes'], message: 'ids reach decide through the command' },
  { name: 'crypto', importNames: ['randomUUID', 'randomBytes'], message: 'ids reach decide through the command' },
];

const APPLICATION = [
  { regex: '^\\.\\./(?!shared/|ports/|\\.\\./)[^/]+/', message: 'a slice does not import a sibling slice: move what both need to application/shared' },
];

const READ_MODELS = [
  { group: ['**/application/**'], message: 'read models import events and domain types, never application code' },
];

/** The libraries every context builds on; they know none of the contexts. */
const KERNEL_LIBRARIES = ['ddd', 'event-store', 'database', 'platform', 'projections'];
const KERNEL = [
  // Any other @shipledger library is a bounded context (a new one too).
  { regex: `^@shipledger/(?!(?:${KERNEL_LIBRARIES.join('|')})$)`, message: 'the shared kernel knows no bounded context: depend the other way round (a port or a token)' },
];

const restrict = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { patterns, paths }] });

function boundaryZones() {
  const libs = ['libs/**/*.ts'];
  return [
    { files: libs, rules: restrict(EVERY_LIBRARY) },
    { files: KERNEL_LIBRARIES.map((name) => `libs/${name}/**/*.ts`), rules: restrict([...EVERY_LIBRARY, ...KERNEL]) },
    {
      files: ['libs/**/domain/**/*.ts'],
      rules: {
        ...restrict([...EVERY_LIBRARY, ...DOMAIN], DOMAIN_PATHS),
        'no-restricted-syntax': ['error',
          { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'time reaches decide through the command, never a clock' },
          { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'time reaches decide through the command, never a clock' },
        ],
      },
    },
    { files: ['libs/*/src/application/**/*.ts'], rules: restrict([...EVERY_LIBRARY, ...APPLICATION]) },
    { files: ['libs/*/src/read-models/**/*.ts'], rules: restrict([...EVERY_LIBRARY, ...READ_MODELS]) },
    // Specifications may reach fixtures anywhere in the tree.
    { files: ['libs/**/*.spec.ts'], rules: { 'no-restricted-imports': 'off' } },
  ];
}

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
    // Its label preview is a browser module (it imports PDF.js from this origin).
    files: ['libs/reporting/src/dashboard/public/**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.browser } },
  },
  {
    // Worker-thread entries are CommonJS: they load tools/register.js before any TypeScript.
    files: ['**/*.worker.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...boundaryZones(),
);
