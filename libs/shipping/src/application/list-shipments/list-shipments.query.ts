import { ApiError } from '@shipledger/platform';

/** GET /shipments, parsed and checked (spec: Shipments table and Limits). */
export interface ListShipmentsQuery {
  searchString?: string;
  orderRef?: string;
  merchants: string[];
  entityType?: 'FORWARD' | 'REVERSE';
  creationFrom?: string;
  creationTo?: string;
  updateFrom?: string;
  updateTo?: string;
  page: number;
  pageSize: number;
}

export const PAGE_SIZE_MIN = 10;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 10;

type RawQuery = Record<string, unknown>;

/** Turns the raw query string into a ListShipmentsQuery, or a 400 naming the field. */
export function parseListShipmentsQuery(raw: RawQuery | undefined): ListShipmentsQuery {
  const q = raw ?? {};
  const merchants = many(q, 'merchant');
  const shipmentType = one(q, 'shipment_type')?.toLowerCase();
  if (shipmentType !== undefined && shipmentType !== 'forward' && shipmentType !== 'reverse') {
    throw invalid('shipment_type', 'must be forward or reverse');
  }
  const query: ListShipmentsQuery = {
    searchString: nonBlank(one(q, 'search_string')),
    orderRef: nonBlank(one(q, 'order_ref')),
    merchants,
    entityType: shipmentType === undefined ? undefined : shipmentType === 'forward' ? 'FORWARD' : 'REVERSE',
    creationFrom: dateTime(q, 'creation_date_from', 'start'),
    creationTo: dateTime(q, 'creation_date_to', 'end'),
    updateFrom: dateTime(q, 'update_date_from', 'start'),
    updateTo: dateTime(q, 'update_date_to', 'end'),
    page: integer(q, 'page', 0, 0, Number.MAX_SAFE_INTEGER, 'must be 0 or greater'),
    pageSize: integer(q, 'page_size', PAGE_SIZE_DEFAULT, PAGE_SIZE_MIN, PAGE_SIZE_MAX,
      `must be between ${PAGE_SIZE_MIN} and ${PAGE_SIZE_MAX}`),
  };
  return query;
}

function invalid(field: string, message: string): ApiError {
  return ApiError.badRequest(`${field} : ${message}`, [{ field, message }]);
}

function many(q: RawQuery, key: string): string[] {
  const value = q[key];
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return values.flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter((v) => v !== '');
}

function one(q: RawQuery, key: string): string | undefined {
  const value = q[key];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw invalid(key, 'must be given once');
  return String(value);
}

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function integer(q: RawQuery, key: string, fallback: number, min: number, max: number, message: string): number {
  const text = nonBlank(one(q, key));
  if (text === undefined) return fallback;
  if (!/^-?\d+$/.test(text)) throw invalid(key, message);
  const value = Number(text);
  if (value < min || value > max) throw invalid(key, message);
  return value;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * ISO 8601 to an ISO instant. A date-time without an offset is UTC (where-the-spec-is-silent.md); a plain
 * date covers its whole day, so `_to=2026-11-21` includes everything on the 21st.
 */
function dateTime(q: RawQuery, key: string, edge: 'start' | 'end'): string | undefined {
  const text = nonBlank(one(q, key));
  if (text === undefined) return undefined;
  const instant = parseIsoInstant(text, edge);
  if (instant === undefined) throw invalid(key, 'must be an ISO 8601 date or date-time');
  return instant;
}

/** An ISO 8601 date or date-time as an ISO instant (UTC without an offset), or undefined if malformed. */
export function parseIsoInstant(text: string, edge: 'start' | 'end'): string | undefined {
  let instant: number;
  if (DATE_ONLY.test(text)) {
    instant = Date.parse(`${text}T00:00:00.000Z`) + (edge === 'end' ? 86_400_000 - 1 : 0);
  } else if (DATE_TIME.test(text)) {
    const withColon = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
    const hasOffset = /(Z|[+-]\d{2}:\d{2})$/i.test(withColon);
    instant = Date.parse(hasOffset ? withColon : `${withColon}Z`);
  } else {
    instant = Number.NaN;
  }
  return Number.isNaN(instant) ? undefined : new Date(instant).toISOString();
}
