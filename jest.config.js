/** Unit (*.unit.spec.ts), integration (*.int.spec.ts) and end-to-end (*.e2e.spec.ts) suites. */
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
}];
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  // jose ships only ES modules: compile it to CommonJS like the sources. PGlite's CommonJS build
  // loads node built-ins with import(), which jest's VM refuses without --experimental-vm-modules;
  // the same SWC pass turns those into require().
  transform: {
    '^.+\\.ts$': swc,
    '^.+/node_modules/jose/.+\\.js$': swc,
    '^.+/node_modules/@electric-sql/pglite/dist/.+\\.cjs$': swc,
  },
  transformIgnorePatterns: ['/node_modules/(?!jose/|@electric-sql/pglite/)'],
  moduleNameMapper: { '^@shipledger/([^/]+)(.*)$': '<rootDir>/libs/$1/src$2' },
  setupFiles: ['<rootDir>/test/support/compose-test-app.ts'],
  globalSetup: '<rootDir>/libs/testing/src/jest-global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/jest-global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
  // A worker that ends a suite above this is replaced: suites that start many apps and PGlite instances would
  // otherwise pile up memory in one long-lived worker (one reached 10 GB and was OOM-killed on 2026-11-24).
  workerIdleMemoryLimit: '1536MB',
};
