import type { Address, ShipmentContent } from '@shipledger/shipping';
import { weightInKg } from '../sandbox/sandbox-rules';

/** What every label shows, per parcel, whatever its format (PDF or ZPL). */
export interface LabelParcelFacts {
  index: number;
  count: number;
  weightKg?: number;
  parcelTrackingNo: string;
}

export interface LabelFacts {
  trackingNo: string;
  sender: string[];
  receiver: string[];
  references: string[];
  codAmount?: string;
  parcels: LabelParcelFacts[];
}

export function labelFacts(trackingNo: string, content: ShipmentContent): LabelFacts {
  const parcels = content.parcels && content.parcels.length > 0 ? content.parcels : [{}];
  const references = [
    content.references?.partner_shipment_reference && `Shipment ref: ${content.references.partner_shipment_reference}`,
    content.references?.partner_order_reference && `Order ref: ${content.references.partner_order_reference}`,
    content.merchant && `Merchant: ${content.merchant}`,
  ].filter((line): line is string => Boolean(line));
  const payment = content.payment;
  const codAmount = payment?.payment_mode === 'CASH_ON_DELIVERY'
    ? `${(payment.pending_amount ?? payment.total_amount ?? 0).toFixed(2)} ${payment.currency ?? ''}`.trim()
    : undefined;
  return {
    trackingNo,
    sender: addressLines(content.pickup),
    receiver: addressLines(content.dropoff),
    references,
    codAmount,
    parcels: parcels.map((parcel, index) => ({
      index: index + 1,
      count: parcels.length,
      weightKg: weightInKg(parcel.weight?.value, parcel.weight?.unit),
      parcelTrackingNo: parcels.length > 1 ? `${trackingNo}-${index + 1}` : trackingNo,
    })),
  };
}

function addressLines(address: Address | undefined): string[] {
  if (!address) return ['(no address)'];
  return [
    address.contact_name,
    address.company_name,
    address.address1,
    address.address2,
    [address.area, address.city].filter(Boolean).join(', '),
    [address.postcode, address.state, address.country].filter(Boolean).join(' '),
    address.contact_phone && `Tel: ${address.contact_phone}`,
  ].filter((line): line is string => Boolean(line));
}
