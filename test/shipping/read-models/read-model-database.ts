// Moved to libs/testing (one test-database helper): kept only while suites written before the move
// land; new suites import libs/testing/src/{test-database,projection-spec} directly.
export { openTestDatabase as freshDatabase } from '../../../libs/testing/src/test-database';
export { applyAll, migrateProjector } from '../../../libs/testing/src/projection-spec';
