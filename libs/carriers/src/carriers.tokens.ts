/** Nest token of the process's CarriersContext. */
export const CARRIERS_CONTEXT = Symbol.for('shipledger.carriers.context');
