import { ApiError } from '@shipledger/platform';
import {
  CARRIER_CODES, LABEL_KINDS, type CarrierAccountInput, type CarrierCode, type LabelKind,
} from './carrier-account';

const PROPERTY_KEY = /^[A-Z][A-Z0-9_]*$/;

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
  for (const [key, entry] of Object.entries(value)) {
    if (!PROPERTY_KEY.test(key)) problems.push(`property.${key} : keys must be UPPER_CASE`);
    else if (typeof entry === 'string' || typeof entry === 'number' || typeof entry === 'boolean') property[key] = String(entry);
    else problems.push(`property.${key} : must be a string, number or boolean`);
  }
  return property;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
