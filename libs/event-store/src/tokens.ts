/** Nest injection token of the process-wide EventStore (see event-store.port.ts). */
export const EVENT_STORE = Symbol.for('shipledger.event-store');
