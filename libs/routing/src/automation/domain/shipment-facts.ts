/**
 * What routing conditions look at, taken from a shipment. `RoutableShipment` is the part of the
 * shipping context's ShipmentContent routing reads (structurally the same fields), so this domain
 * depends on no other context.
 */
export interface RoutableAddress {
  partner_location_id?: string;
  country?: string;
  state?: string;
  city?: string;
  area?: string;
}

export interface RoutableShipment {
  merchant?: string;
  entity_type?: 'FORWARD' | 'REVERSE';
  order_type?: string;
  source?: { source_type?: string };
  payment?: { payment_mode?: string; total_amount?: number };
  delivery?: { delivery_type?: string };
  parcels?: Array<{ weight?: { value?: number; unit?: string }; dimension?: { width?: number; height?: number; depth?: number; unit?: string } }>;
  items?: Array<{ quantity?: number; price?: { amount?: number }; dangerous_goods?: boolean }>;
  pickup?: RoutableAddress;
  dropoff?: RoutableAddress;
  custom_attributes?: Record<string, readonly string[]>;
}

/**
 * Volumetric weight divisor: cm³ per kg (the courier convention, the same as the sandbox tariff's).
 * A 40 × 30 × 20 cm parcel weighs 24,000 / 5,000 = 4.8 kg volumetric.
 */
export const VOLUMETRIC_DIVISOR = 5000;

export interface ShipmentFacts {
  merchant?: string;
  entity_type: 'FORWARD' | 'REVERSE';
  source_type?: string;
  payment_type?: string;
  delivery_type?: string;
  order_type?: string;
  pickup: RoutableAddress;
  dropoff: RoutableAddress;
  /** kg, summed over parcels; undefined when no parcel has the measure. */
  gross_weight?: number;
  volumetric_weight?: number;
  /** Σ per parcel max(actual, volumetric), kg. */
  chargeable_weight?: number;
  parcel_count: number;
  /** payment.total_amount, else Σ item price × quantity; undefined when neither is known. */
  order_value?: number;
  dangerous_goods: boolean;
  custom_attributes: Readonly<Record<string, readonly string[]>>;
}

const KG_PER: Record<string, number> = { kg: 1, g: 0.001, lb: 0.45359237, oz: 0.028349523125 };
const CM_PER: Record<string, number> = { cm: 1, mm: 0.1, m: 100, in: 2.54 };

export function shipmentFacts(shipment: RoutableShipment): ShipmentFacts {
  const parcels = shipment.parcels ?? [];
  const actual = parcels.map((parcel) => (typeof parcel.weight?.value === 'number' ? parcel.weight.value * (KG_PER[(parcel.weight.unit ?? 'kg').toLowerCase()] ?? 1) : undefined));
  const volumetric = parcels.map((parcel) => volumetricKg(parcel.dimension));
  const chargeable = parcels.map((_, index) => (actual[index] === undefined && volumetric[index] === undefined
    ? undefined : Math.max(actual[index] ?? 0, volumetric[index] ?? 0)));
  const items = shipment.items ?? [];
  const itemsValue = items.some((item) => typeof item.price?.amount === 'number')
    ? items.reduce((sum, item) => sum + (item.price?.amount ?? 0) * (item.quantity ?? 1), 0) : undefined;
  return {
    merchant: shipment.merchant,
    entity_type: shipment.entity_type ?? 'FORWARD',
    source_type: shipment.source?.source_type,
    payment_type: shipment.payment?.payment_mode,
    delivery_type: shipment.delivery?.delivery_type,
    order_type: shipment.order_type,
    pickup: shipment.pickup ?? {},
    dropoff: shipment.dropoff ?? {},
    gross_weight: sum(actual),
    volumetric_weight: sum(volumetric),
    chargeable_weight: sum(chargeable),
    parcel_count: parcels.length,
    order_value: shipment.payment?.total_amount ?? itemsValue,
    dangerous_goods: items.some((item) => item.dangerous_goods === true),
    custom_attributes: shipment.custom_attributes ?? {},
  };
}

function volumetricKg(dimension: { width?: number; height?: number; depth?: number; unit?: string } | undefined): number | undefined {
  const { width, height, depth } = dimension ?? {};
  if (typeof width !== 'number' || typeof height !== 'number' || typeof depth !== 'number') return undefined;
  const cm = CM_PER[(dimension?.unit ?? 'cm').toLowerCase()] ?? 1;
  return (width * cm * height * cm * depth * cm) / VOLUMETRIC_DIVISOR;
}

function sum(values: ReadonlyArray<number | undefined>): number | undefined {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === 0 ? undefined : Math.round(known.reduce((total, value) => total + value, 0) * 1000) / 1000;
}
