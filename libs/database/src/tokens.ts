/** Nest injection token of the process-wide Database (see database.ts). */
export const DATABASE = Symbol.for('shipledger.database');
