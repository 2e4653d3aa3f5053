import type { ShipmentState } from '@shipledger/shipping';
import type { ShipmentFacts } from '../../domain';

/**
 * The pickup a manifest compares: the shipment's partner_location_id, else its address as one line
 * (two shipments from the same warehouse typed the same way compare equal).
 */
export function pickupKey(state: ShipmentState): string {
  const pickup = state.content.pickup;
  if (!pickup) return '';
  if (pickup.partner_location_id) return pickup.partner_location_id;
  return [pickup.address1, pickup.city, pickup.postcode, pickup.country].filter(Boolean).join(', ');
}

/** What the manifest decider needs about one requested shipment (undefined state: unknown to the caller). */
export function shipmentFacts(shipmentId: string, state: ShipmentState | undefined): ShipmentFacts {
  if (!state) return { shipment_id: shipmentId, found: false };
  const parcels = state.content.parcels ?? [];
  const weight = parcels.reduce((sum, parcel) => sum + kg(parcel.weight), 0);
  return {
    found: true,
    shipment_id: state.shipment_id,
    partner_shipment_reference: state.content.references?.partner_shipment_reference,
    tracking_no: state.tracking_no,
    parcel_count: parcels.length,
    weight_kg: Math.round(weight * 1000) / 1000,
    status: state.status,
    carrier_account_id: state.carrier_account?.carrier_id,
    merchant: state.content.merchant,
    pickup: pickupKey(state),
  };
}

function kg(weight: { value?: number; unit?: string } | undefined): number {
  if (!weight?.value) return 0;
  const unit = (weight.unit ?? 'kg').toLowerCase();
  if (unit === 'g') return weight.value / 1000;
  if (unit === 'lb' || unit === 'lbs') return weight.value * 0.45359237;
  return weight.value;
}
