// Moved to libs/testing (one test-database helper): kept only while suites written before the move
// land; new suites import libs/testing/src/{test-database,test-store} directly.
export { DATABASE_KINDS, type DatabaseKind } from '../../../libs/testing/src/test-database';
export { openTestStore, type TestStore } from '../../../libs/testing/src/test-store';
