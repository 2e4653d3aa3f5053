import type { Address, Item, Parcel, Payment, ShipmentContent } from '@shipledger/shipping';
import type { LineItem, OrderDimension, OrderState, OrderWeight, ShipmentToCreate } from '../../domain/order';

/** Orders weigh in kg, g, lb or oz; the shipping model in kg (the unit every carrier reads). */
const KG_PER: Record<OrderWeight['unit'], number> = { kg: 1, g: 0.001, lb: 0.45359237, oz: 0.028349523125 };
/** Orders measure in cm or in; the shipping model in cm, with depth for the order's length. */
const CM_PER: Record<OrderDimension['unit'], number> = { cm: 1, in: 2.54 };

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

export function toKg(weight: OrderWeight): { value: number; unit: 'kg' } {
  return { value: round(weight.value * KG_PER[weight.unit]), unit: 'kg' };
}

export function toCm(dimension: OrderDimension): { width: number; height: number; depth: number; unit: 'cm' } {
  const factor = CM_PER[dimension.unit];
  return { width: round(dimension.width * factor, 2), height: round(dimension.height * factor, 2), depth: round(dimension.length * factor, 2), unit: 'cm' };
}

function item(line: LineItem, quantity: number, currency: string | undefined): Item {
  return {
    sku: line.sku,
    description: line.description,
    barcode: line.barcode,
    image_link: line.image_link,
    origin_country: line.origin_country,
    quantity,
    ...(line.unit_price !== undefined ? { price: { amount: line.unit_price, currency } } : {}),
    ...(line.unit_cost !== undefined ? { cost: { amount: line.unit_cost, currency } } : {}),
    ...(line.weight ? { weight: toKg(line.weight) } : {}),
    dangerous_goods: line.dangerous_goods,
    hs_code: line.hs_code,
  };
}

/**
 * Cash to collect for this shipment: the order's pending amount shared by item value (the whole amount
 * when the lines carry no prices), so fulfilling an order in parts never collects it twice.
 */
function payment(order: OrderState, shipped: readonly { line: LineItem; quantity: number }[]): Payment | undefined {
  const paid = order.content.payment;
  if (!paid) return undefined;
  const value = (entries: readonly { line: LineItem; quantity: number }[]) => entries.reduce((sum, { line, quantity }) => sum + (line.unit_price ?? 0) * quantity, 0);
  const orderValue = value(order.line_items.map((line) => ({ line, quantity: line.quantity })));
  const share = orderValue > 0 ? value(shipped) / orderValue : 1;
  const cod = paid.payment_mode === 'CASH_ON_DELIVERY' || (paid.pending_amount ?? 0) > 0;
  return {
    payment_mode: cod ? 'CASH_ON_DELIVERY' : 'PRE_PAID',
    currency: paid.currency,
    ...(paid.total_amount !== undefined ? { total_amount: round(paid.total_amount * share, 2) } : {}),
    ...(cod ? { pending_amount: round((paid.pending_amount ?? paid.total_amount ?? 0) * share, 2) } : {}),
  };
}

/**
 * The shipment a fulfill or ship asks for, in the shipping model: the order's merchant and reference,
 * pickup from the FO location, dropoff from the shipping address, items from the line items (units
 * converted), one parcel holding them unless the request gave parcels, payment from the order.
 */
export function shipmentContentFor(order: OrderState, shipment: ShipmentToCreate): ShipmentContent {
  const currency = order.content.payment?.currency;
  const shipped = shipment.line_items.flatMap(({ id, quantity }) => {
    const line = order.line_items.find((candidate) => candidate.id === id);
    return line ? [{ line, quantity }] : [];
  });
  const items = shipped.map(({ line, quantity }) => item(line, quantity, currency));
  const weight = shipped.reduce((sum, { line, quantity }) => sum + (line.weight ? toKg(line.weight).value * quantity : 0), 0);
  const single = shipped.length === 1 && shipped[0]!.line.dimension ? toCm(shipped[0]!.line.dimension) : undefined;
  const parcel: Parcel = {
    parcel_id: `${shipment.shipment_id}-1`,
    parcel_items: items.map(({ sku, quantity }) => ({ sku, quantity })),
    ...(weight > 0 ? { weight: { value: round(weight), unit: 'kg' } } : {}),
    ...(single ? { dimension: single } : {}),
  };
  const request = shipment.request;
  const dropoff = order.content.shipping_address as Address | undefined;
  return {
    merchant: order.content.merchant,
    entity_type: 'FORWARD',
    references: { partner_order_reference: order.content.partner_order_reference ?? order.order_id, partner_shipment_reference: shipment.shipment_id },
    ...(shipment.pickup ? { pickup: shipment.pickup as Address } : {}),
    ...(dropoff ? { dropoff } : {}),
    items,
    parcels: request.parcels ? (request.parcels as Parcel[]) : [parcel],
    payment: (request.payment as Payment | undefined) ?? payment(order, shipped),
    ...(request.carrier_account ? { carrier_account: request.carrier_account } : {}),
    ...(request.delivery ? { delivery: request.delivery } : {}),
    ...(request.pre_booking_info ? { pre_booked: true, pre_booking_info: request.pre_booking_info } : {}),
    ...(order.content.language ? { language: order.content.language } : {}),
    ...(order.content.order_date ? { order_date: order.content.order_date } : {}),
  };
}
