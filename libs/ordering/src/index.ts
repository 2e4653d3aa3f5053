export * from './domain/order';
export * from './read-models';
export { OrderingModule } from './ordering.module';
export { readTenantOrderStream } from './application/order-history/order-stream.reader';
export { orderTimeline, orderAsOf, type OrderHistoryEntry } from './application/order-history/order-timeline';
export { toOrderResponse } from './application/shared/order-response';
/** An order's stream names (the webhooks planner and replay read them). */
export { orderStreamId, orderIdOf } from './domain/order/order.streams';
export { OrderShipmentsReactor, ORDER_SHIPMENTS_REACTOR } from './application/order-shipments/order-shipments.reactor';
export { ShippingOrderShipments, type CreateShipment } from './application/ports/shipping-order-shipments';
export {
  ORDER_INVENTORY, NO_ORDER_INVENTORY, type OrderInventory, type OrderInventoryChange, type AllocationRequest, type UnitsToAllocate,
} from './application/ports/order-inventory.port';
/** A made-up past order on the one write path (the demo tenant's history). */
export { recordOrderHistory, type OrderHistory } from './application/demo-history/order-history.recorder';
