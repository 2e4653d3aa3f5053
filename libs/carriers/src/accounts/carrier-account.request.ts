import { ApiError } from '@shipledger/platform';
import {
  CARRIER_CODES, LABEL_KINDS, type CarrierAccountInput, type CarrierCode, type LabelKind,
} from './carrier-account';

const PROPERTY_KEY = /^[A-Z][A-Z0-9_]{0,63}$/;
/** Bounds of an account's `property` map (docs/limits.md). */
export const PROPERTY_ENTRIES_MAX = 50;
export const PROPERTY_VALUE_MAX = 2048;

/**
 * Parses a create/PUT body by hand rather than with class-validator: `property` is an open map whose
 * keys are validated by pattern, and every message must read like the spec's `field : problem`.
 */
export function parseCarrierAccountRequest(body: unknown): CarrierAccountInput {
  const raw = isRecord(body) ? body : {};
  const problems: string[] = [];
  const name = raw.carrier_account_name;
  if (typeof name !== 'string' || name.trim() === '') problems.push('carrier_account_name : must not be blank');
  else if (name.length > 250) problems.push('carrier_account_name : size must be between 1 and 250');
  const carrier = raw.carrier;
  if (typeof carrier !== 'string' || !(CARRIER_CODES as readonly string[]).includes(carrier)) {
    problems.push(`carrier : must be one of ${CARRIER_CODES.join(', ')}`);
  }
  const property = parseProperty(raw.property, problems);
  const label = isRecord(raw.label) ? raw.label : {};
  const defaultLabel = label.default_label ?? 'carrier_pdf';
  if (typeof defaultLabel !== 'string' || !(LABEL_KINDS as readonly string[]).includes(defaultLabel)) {
    problems.push(`label.default_label : must be one of ${LABEL_KINDS.join(', ')}`);
  }
  const status = raw.status ?? 'active';
  if (status !== 'active' && status !== 'inactive') problems.push('status : must be active or inactive');
  for (const flag of ['auto_ready_to_ship', 'auto_return_confirmed'] as const) {
    if (raw[flag] !== undefined && raw[flag] !== null && typeof raw[flag] !== 'boolean') problems.push(`${flag} : must be a boolean`);
  }
  if (problems.length > 0) throw new ApiError(400, problems, 'validation_failed');
  return {
    carrierAccountName: (name as string).trim(),
    carrier: carrier as CarrierCode,
    property,
    defaultLabel: defaultLabel as LabelKind,
    autoReadyToShip: raw.auto_ready_to_ship === true,
    autoReturnConfirmed: raw.auto_return_confirmed === true,
    status: status as 'active' | 'inactive',
  };
}

function parseProperty(value: unknown, problems: string[]): Record<string, string> {
  // PHP clients send an empty map as [].
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return {};
  if (!isRecord(value)) {
    problems.push('property : must be an object');
    return {};
  }
  const property: Record<string, string> = {};
  const entries = Object.entries(value);
  if (entries.length > PROPERTY_ENTRIES_MAX) {
    problems.push(`property : must have at most ${PROPERTY_ENTRIES_MAX} entries`);
    return {};
  }
  for (const [key, entry] of entries) {
    if (!PROPERTY_KEY.test(key)) problems.push(`${keyLabel(key)} : keys must be UPPER_CASE, up to 64 characters`);
    else if (typeof entry === 'string' || typeof entry === 'number' || typeof entry === 'boolean') {
      const text = String(entry);
      if (text.length > PROPERTY_VALUE_MAX) problems.push(`property.${key} : must be shorter than or equal to ${PROPERTY_VALUE_MAX} characters`);
      else property[key] = text;
    } else problems.push(`property.${key} : must be a string, number or boolean`);
  }
  return property;
}

/** A key too long to repeat whole in an error message is shortened. */
function keyLabel(key: string): string {
  return `property.${key.length > 64 ? `${key.slice(0, 64)}…` : key}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
