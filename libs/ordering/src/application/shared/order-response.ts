import type { FulfillmentOrder, OrderState } from '../../domain/order';

/** An FO as the API shows it: every line item also says `shipment_id` (its latest shipment). */
function toFulfillmentOrderResponse(fo: FulfillmentOrder): Record<string, unknown> {
  return {
    fulfillment_order_id: fo.fulfillment_order_id,
    partner_fulfillment_order_reference: fo.partner_fulfillment_order_reference,
    location_id: fo.location_id,
    delivery: fo.delivery,
    service_metadata: fo.service_metadata,
    line_items: fo.line_items.map((item) => ({
      ...item,
      shipment_id: item.shipment_ids[item.shipment_ids.length - 1],
    })),
  };
}

/** The order object of every answer (spec "Order"); the same for GET, commands and the list. */
export function toOrderResponse(state: OrderState): Record<string, unknown> {
  const shipmentIds = [...new Set(state.fulfillment_orders.flatMap((fo) => fo.line_items.flatMap((item) => item.shipment_ids)))];
  return {
    tenant: state.tenant_id,
    order_id: state.order_id,
    ...state.content,
    status: state.status,
    auto_allocation_failed: state.auto_allocation_failed,
    cancellation_reason: state.cancellation_reason,
    redacted: false,
    line_items: state.line_items,
    fulfillment_orders: state.fulfillment_orders.map(toFulfillmentOrderResponse),
    shipments: shipmentIds.map((shipment_id) => ({ shipment_id })),
    error_details: [],
    creation_date: state.creation_date,
    update_date: state.update_date,
  };
}
