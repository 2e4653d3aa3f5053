import { ApiError, queryList, querySingle } from '@shipledger/platform';
import type { ListShipmentsQuery } from '../../read-models/shipment-list/shipment-list.queries';
import { parseIsoInstant } from '../shared/iso-instant';

export type { ListShipmentsQuery };


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

const many = (q: RawQuery, key: string): string[] => queryList(q[key]);

const one = (q: RawQuery, key: string): string | undefined => querySingle(q, key, (field) => invalid(field, 'must be given once'));

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

