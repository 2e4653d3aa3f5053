/** Nest token of the process's CarriersContext. */
export const CARRIERS_CONTEXT = Symbol.for('shipledger.carriers.context');

/** Nest token of the process's CarrierManifests (the manifests context's view of carriers). */
export const CARRIER_MANIFESTS = Symbol.for('shipledger.carriers.manifests');
