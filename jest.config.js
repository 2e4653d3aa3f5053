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
  // Every test file runs in a fresh worker process. jest measures this limit on the JS heap only, and
  // PGlite's WASM memory lives outside it: suites that start many apps and embedded databases piled up
  // 10-13 GB in one long-lived worker and were OOM-killed (2026-11-24). A fresh process per file costs
  // about a second per file and keeps one file's leftovers from reaching the next.
  workerIdleMemoryLimit: '1MB',
};
