export { shipmentListProjector } from './shipment-list/shipment-list.projector';
export {
  SHIPMENT_LIST_PROJECTOR, listShipments, bulkStatus, type BulkStatusItem, type ListShipmentsQuery, type MerchantScope,
} from './shipment-list/shipment-list.queries';
export { routableShipments, type RoutableShipmentRow } from './shipment-list/routing-facts.queries';
export type { ShipmentListTables } from '../storage/shipping-database';
