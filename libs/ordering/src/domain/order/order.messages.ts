import type { FoLineItemStatus, OrderStatus } from './order.status';
import { FO_LINE_ITEM_TRANSITIONS, type FoOperation, type MergeCondition } from './order.transitions';

const listed = (statuses: readonly string[]) => statuses.join(' and ');

/** The messages of the orders error body, one place for all of them (docs/api/orders.md lists them). */
export const OrderMessages = {
  notFound: (reference: string) => `No order found with the reference: ${reference}`,
  fulfillmentOrderNotFound: (reference: string) => `No fulfillment order found with the reference: ${reference}`,
  alreadyExists: (orderId: string) => `Order ${orderId} already exists.`,
  duplicateReference: (reference: string) => `Duplicate partner order reference: ${reference}`,
  notUpdatable: (orderId: string, status: OrderStatus) => `Order ${orderId} cannot be updated in status: ${status}.`,
  notCancellable: (orderId: string, status: OrderStatus) => `Order ${orderId} cannot be cancelled in status: ${status}.`,
  orderCancelled: (orderId: string) => `Order ${orderId} is cancelled: its fulfillment orders cannot change.`,
  itemStatus: (operation: FoOperation, id: string, foId: string, status: FoLineItemStatus) =>
    `Line item ${id} of fulfillment order ${foId} is ${status}: only ${listed(FO_LINE_ITEM_TRANSITIONS[operation].from)} items can be ${FO_LINE_ITEM_TRANSITIONS[operation].verb}.`,
  foHasStatus: (operation: FoOperation, foId: string, status: FoLineItemStatus) =>
    `Fulfillment order ${foId} has ${status} line items: only ${listed(FO_LINE_ITEM_TRANSITIONS[operation].from)} items can be ${FO_LINE_ITEM_TRANSITIONS[operation].verb}.`,
  lineItemUnknown: (id: string) => `Line item ${id} is not a line item of the order.`,
  lineItemNotInFo: (id: string, foId: string) => `Line item ${id} is not in fulfillment order ${foId}.`,
  duplicateLineItem: (id: string) => `Line item id ${id} appears more than once.`,
  aboveAvailable: (id: string, requested: number, available: number) =>
    `Line item ${id}: requested quantity ${requested} is above the available quantity ${available}.`,
  overPlaced: (id: string, placed: number, quantity: number) =>
    `Line item ${id}: the fulfillment orders hold ${placed} but the order has ${quantity}.`,
  belowDone: (id: string, quantity: number, done: number) =>
    `Line item ${id}: quantity ${quantity} is below the ${done} already fulfilled or closed.`,
  nothingToFulfill: (foId: string) => `Fulfillment order ${foId} has no open or allocated line items to fulfill.`,
  fulfillmentNotFound: (fulfillmentId: string, foId: string) => `Fulfillment ${fulfillmentId} is not in fulfillment order ${foId}.`,
  fulfillmentShipped: (fulfillmentId: string, shipmentId: string) =>
    `Fulfillment ${fulfillmentId} is already shipped (shipment ${shipmentId}): it cannot be unfulfilled.`,
  foReferenceMismatch: (reference: string, foId: string) =>
    `Partner fulfillment order reference ${reference} does not belong to fulfillment order ${foId}.`,
  foReferenceConflict: (reference: string) =>
    `Partner fulfillment order reference ${reference} names more than one fulfillment order of this order.`,
  mergeSame: (foId: string) => `Fulfillment order ${foId} cannot be merged into itself.`,
  mergeCondition: (condition: MergeCondition, source: string, destination: string) =>
    `Fulfillment orders ${source} and ${destination} cannot be merged: ${MERGE_REASONS[condition]}.`,
  detailsOneOf: () => 'Give either partner_fulfillment_order_reference or fulfillments, not both and not neither.',
} as const;

const MERGE_REASONS: Record<MergeCondition, string> = {
  no_fulfilled_items: 'one of them has fulfilled line items',
  same_location: 'their location_id differs',
  same_delivery_type: 'their delivery_type differs',
  same_delivery_method: 'their delivery method differs',
  same_shipping_requirement: 'items that require shipping would be mixed with items that do not',
};
