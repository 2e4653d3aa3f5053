import type { OrderState } from '../../domain/order';
import { fo, line, orderWith, share } from '../../domain/order/order.fixtures';
import { shipmentContentFor, toCm, toKg } from './shipment-content';

function order(): OrderState {
  const base = orderWith(
    [{ ...line('A', 2), unit_price: 30, weight: { value: 500, unit: 'g' } }, { ...line('B', 1), unit_price: 60, dimension: { length: 10, width: 4, height: 2, unit: 'in' } }],
    [fo('fo-1', [share('A', 2, 'allocated'), share('B', 1, 'allocated')])],
  );
  return {
    ...base,
    content: {
      merchant: 'SHOP1', partner_order_reference: 'ORD-1', language: 'en',
      shipping_address: { contact_name: 'Ann', address1: '2 Drop St', city: 'Dubai', country: 'AE' },
      payment: { payment_mode: 'CASH_ON_DELIVERY', currency: 'AED', total_amount: 120, pending_amount: 120 },
    },
  };
}

describe('the shipment a fulfill asks for', () => {
  it('converts order units to the shipping model (kg, cm with depth)', () => {
    expect([toKg({ value: 500, unit: 'g' }), toKg({ value: 2, unit: 'lb' }), toKg({ value: 16, unit: 'oz' })]).toEqual([
      { value: 0.5, unit: 'kg' }, { value: 0.907, unit: 'kg' }, { value: 0.454, unit: 'kg' },
    ]);
    expect(toCm({ length: 10, width: 4, height: 2, unit: 'in' })).toEqual({ width: 10.16, height: 5.08, depth: 25.4, unit: 'cm' });
  });

  it('takes merchant, reference, dropoff, items and one parcel from the order, pickup from the FO location, and shares the COD amount', () => {
    const content = shipmentContentFor(order(), {
      shipment_id: 'shp-1', create_draft_shipment: false, line_items: [{ id: 'A', quantity: 2 }], request: {},
      pickup: { partner_location_id: 'loc-1', address1: '1 Pickup Rd', city: 'Dubai', country: 'AE' },
    });
    expect(content).toMatchObject({
      merchant: 'SHOP1',
      references: { partner_order_reference: 'ORD-1', partner_shipment_reference: 'shp-1' },
      pickup: { partner_location_id: 'loc-1', address1: '1 Pickup Rd' },
      dropoff: { contact_name: 'Ann', city: 'Dubai' },
      items: [{ sku: 'SKU-A', quantity: 2, price: { amount: 30, currency: 'AED' }, weight: { value: 0.5, unit: 'kg' } }],
      parcels: [{ parcel_id: 'shp-1-1', parcel_items: [{ sku: 'SKU-A', quantity: 2 }], weight: { value: 1, unit: 'kg' } }],
      payment: { payment_mode: 'CASH_ON_DELIVERY', currency: 'AED', total_amount: 60, pending_amount: 60 },
    });
  });

  it('uses the request\'s parcels, payment and carrier account when given', () => {
    const content = shipmentContentFor(order(), {
      shipment_id: 'shp-2', create_draft_shipment: true, line_items: [{ id: 'B', quantity: 1 }],
      request: { parcels: [{ parcel_id: 'P' }], payment: { payment_mode: 'PRE_PAID' }, carrier_account: { carrier_id: 'ca-1' } },
    });
    expect(content).toMatchObject({ parcels: [{ parcel_id: 'P' }], payment: { payment_mode: 'PRE_PAID' }, carrier_account: { carrier_id: 'ca-1' } });
  });
});
