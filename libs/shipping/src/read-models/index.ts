export { shipmentListProjector } from './shipment-list/shipment-list.projector';
export {
  SHIPMENT_LIST_PROJECTOR, listShipments, bulkStatus, type BulkStatusItem, type ListShipmentsQuery, type MerchantScope,
} from './shipment-list/shipment-list.queries';
