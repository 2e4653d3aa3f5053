/**
 * The Shipping context's published language: what apps, other contexts and suites may use. The
 * domain's functions (decide, evolve, the tables) and the application's services stay inside; other
 * contexts send commands through ShippingCommands and read the events as contracts.
 */

// The Nest module (HTTP side), the read model the worker runs, and what the CLI reads.
export { ShippingModule } from './shipping.module';
export * from './read-models';
export { shipmentTimeline, shipmentAsOf, type ShipmentHistoryEntry } from './application/shipment-history/shipment-timeline';
export { readTenantShipmentStream } from './application/shipment-history/shipment-stream.reader';
export { parseIsoInstant } from './application/shared/iso-instant';

// Commands other contexts send, and the commands and events as contracts.
export { ShippingCommands, causedBy, type Causation, type LoadedShipment } from './application/shared/shipping-commands';
export type * from './domain/shipment/shipment.commands';
export type * from './domain/shipment/shipment.events';
export { SHIPMENT_EVENT_TYPES } from './domain/shipment/shipment.events';
export type * from './domain/shipment/shipment.content';
export type { ShipmentState, ShipmentDocumentState } from './domain/shipment/shipment.state';
/** The state a shipment's events fold to, for read models elsewhere (deciding stays inside this context). */
export { evolve, fold } from './domain/shipment/shipment.evolve';
export { initialShipmentState } from './domain/shipment/shipment.state';
export { SHIPMENT_STATUSES, isShipmentStatus, type ShipmentStatus } from './domain/shipment/shipment.status';
export { ShipmentCommandRejected, type ShipmentRejectionCode } from './domain/shipment/shipment.errors';
export { shipmentStreamId, shipmentIdOf } from './domain/shipment/shipment.streams';
export { judgeTrackingUpdate, isCarrierReportableStatus, type TrackingVerdict } from './domain/shipment/shipment.carrier-transitions';
export type { CarrierRequirements } from './domain/shipment/carrier-requirements';
export { bookingRequirementProblems } from './domain/shipment/booking-validation';
/** "Any status before shipped": other contexts ask whether a shipment is still unshipped. */
export { CANCELLABLE_STATUSES } from './domain/shipment/shipment.transitions';
export type { CommandMeta } from './application/shared/command-meta';

// The ports shipping consumes (carriers, configuration and routing implement them).
export * from './application/ports/carrier-account-directory.port';
export * from './application/ports/shipping-rater.port';
export * from './application/ports/shipment-configuration.port';
export * from './application/ports/shipment-service-levels.port';
export * from './application/ports/shipment-router.port';
export type { ShipmentRouting } from './domain/shipment/shipment.routing';
export type { ServiceLevelDates, AppliedServiceLevel, ServiceLevelEstimates } from './domain/shipment/shipment.service-levels';
export * from './application/ports/tracking-refresher.port';

// Shapes at the edge.
export { toShipmentResponse } from './application/shared/shipment-response';
/** The HTTP request contract of POST /shipments (published, e.g. for the benchmark's conventional peer). */
export { FullShipmentRequestDto } from './application/shared/dto/shipment-request.dto';
export { ShipmentDocumentContents } from './application/documents/shipment-document-contents';
/** Creates shipments for other contexts (ordering's fulfilment) on the one write path. */
export { shipmentCreator } from './application/create-shipment/shipment-creator';
/** Made-up past shipments on the one write path (the demo tenant's history, tests). */
export { recordShipmentHistory, DEMO_HISTORY_ACTOR, type ShipmentHistory } from './application/demo-history/shipment-history.recorder';
