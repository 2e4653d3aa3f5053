import type { Dimension, Parcel, ShipmentContent, ShippingCost } from '@shipledger/shipping';
import { weightInKg } from '../sandbox/sandbox-rules';

/** The sandbox tariff. Volumetric weight uses the courier divisor 5000 (cm³ per kg). */
export const SANDBOX_TARIFF = {
  domestic: { baseFee: 5, perKg: 1.5, estimatedDays: 2 },
  international: { baseFee: 15, perKg: 4, estimatedDays: 5 },
  cashOnDeliveryFee: 2,
  volumetricDivisor: 5000,
} as const;

export type Zone = 'domestic' | 'international';

/** A zone's price: base fee + per kg of chargeable weight. */
export interface ZoneRate {
  baseFee: number;
  perKg: number;
}

/** An account's rate card: each zone's rate (the tariff's when the account sets none). */
export type RateCard = Readonly<Record<Zone, ZoneRate>>;

export const DEFAULT_RATE_CARD: RateCard = {
  domestic: { baseFee: SANDBOX_TARIFF.domestic.baseFee, perKg: SANDBOX_TARIFF.domestic.perKg },
  international: { baseFee: SANDBOX_TARIFF.international.baseFee, perKg: SANDBOX_TARIFF.international.perKg },
};

/**
 * A sandbox account's rate card from its `property`: `RATE_DOMESTIC_BASE`, `RATE_DOMESTIC_PER_KG`,
 * `RATE_INTERNATIONAL_BASE`, `RATE_INTERNATIONAL_PER_KG` (non-negative numbers; anything else keeps
 * the tariff's value), so two sandbox accounts can price the same shipment differently.
 */
export function rateCardOf(property: Readonly<Record<string, string>>): RateCard {
  const read = (key: string, fallback: number) => {
    const value = Number(property[key]);
    return property[key] !== undefined && property[key]!.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return {
    domestic: { baseFee: read('RATE_DOMESTIC_BASE', DEFAULT_RATE_CARD.domestic.baseFee), perKg: read('RATE_DOMESTIC_PER_KG', DEFAULT_RATE_CARD.domestic.perKg) },
    international: {
      baseFee: read('RATE_INTERNATIONAL_BASE', DEFAULT_RATE_CARD.international.baseFee),
      perKg: read('RATE_INTERNATIONAL_PER_KG', DEFAULT_RATE_CARD.international.perKg),
    },
  };
}

export interface SandboxPrice {
  zone: Zone;
  chargeableKg: number;
  estimatedDays: number;
  cost: ShippingCost;
}

/**
 * Base fee of the zone + per kg (of the account's rate card) of chargeable weight (the sum over parcels of max(actual, L×W×H/5000))
 * + a flat fee for cash on delivery. Undefined when no parcel has a weight or dimensions.
 */
export function priceSandboxShipment(content: ShipmentContent, currency: string, card: RateCard = DEFAULT_RATE_CARD): SandboxPrice | undefined {
  const parcels = (content.parcels ?? []).map(chargeableKg).filter((kg): kg is number => kg !== undefined);
  if (parcels.length === 0) return undefined;
  const zone = zoneOf(content);
  const tariff = { ...card[zone], estimatedDays: SANDBOX_TARIFF[zone].estimatedDays };
  const kg = round(parcels.reduce((sum, value) => sum + value, 0), 3);
  const line = (amount: number, description: string) => ({ amount: round(amount, 2), currency, description });
  const breakdown = [
    line(tariff.baseFee, `Base fee (${zone})`),
    line(tariff.perKg * kg, `Chargeable weight ${kg} kg at ${tariff.perKg} ${currency} per kg`),
  ];
  if (content.payment?.payment_mode === 'CASH_ON_DELIVERY') breakdown.push(line(SANDBOX_TARIFF.cashOnDeliveryFee, 'Cash on delivery fee'));
  const amount = round(breakdown.reduce((sum, entry) => sum + entry.amount, 0), 2);
  return { zone, chargeableKg: kg, estimatedDays: tariff.estimatedDays, cost: { amount, currency, breakdown } };
}

/** A pickup without a country is taken to be in the dropoff's country (a shop shipping from home). */
export function zoneOf(content: ShipmentContent): Zone {
  const from = content.pickup?.country?.trim().toUpperCase();
  const to = content.dropoff?.country?.trim().toUpperCase();
  return !from || !to || from === to ? 'domestic' : 'international';
}

export function chargeableKg(parcel: Parcel): number | undefined {
  const actual = weightInKg(parcel.weight?.value, parcel.weight?.unit);
  const volumetric = volumetricKg(parcel.dimension);
  if (actual === undefined && volumetric === undefined) return undefined;
  return Math.max(actual ?? 0, volumetric ?? 0);
}

function volumetricKg(dimension: Dimension | undefined): number | undefined {
  const { width, height, depth } = dimension ?? {};
  if (typeof width !== 'number' || typeof height !== 'number' || typeof depth !== 'number') return undefined;
  const cm = centimetresPer(dimension?.unit);
  return (width * cm * height * cm * depth * cm) / SANDBOX_TARIFF.volumetricDivisor;
}

function centimetresPer(unit: string | undefined): number {
  switch ((unit ?? 'cm').toLowerCase()) {
    case 'mm': return 0.1;
    case 'm': return 100;
    case 'in': return 2.54;
    default: return 1;
  }
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}
