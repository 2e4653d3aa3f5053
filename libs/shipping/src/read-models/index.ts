export { shipmentListProjector } from './shipment-list/shipment-list.projector';
export { SHIPMENT_LIST_PROJECTOR, listShipments, bulkStatus, type BulkStatusItem, type MerchantScope } from './shipment-list/shipment-list.queries';
export { SHIPMENT_READ_CONTROLLERS, SHIPMENT_READ_PROVIDERS } from './shipment-read-side';
export { shipmentTimeline, shipmentAsOf, type ShipmentHistoryEntry } from '../application/shipment-history/shipment-timeline';
export { readTenantShipmentStream } from '../application/shipment-history/shipment-stream.reader';
export { parseIsoInstant } from '../application/list-shipments/list-shipments.query';
