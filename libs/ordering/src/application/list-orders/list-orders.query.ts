import { queryList, querySingle } from '@shipledger/platform';
import { ORDER_STATUSES, reject, type OrderStatus } from '../../domain/order';
import type { ListOrdersQuery } from '../../read-models/order-list/order-list.queries';
import { normaliseDateTime } from '../shared/order-request.mapper';

export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 10;

type RawQuery = Record<string, unknown>;

const invalid = (field: string, message: string) => reject('validation_failed', `${field} : ${message}`, field);

const many = (q: RawQuery, key: string): string[] => queryList(q[key]);

function one(q: RawQuery, key: string): string | undefined {
  const text = querySingle(q, key, (field) => invalid(field, 'must be given once'))?.trim();
  return text === '' ? undefined : text;
}

function integer(q: RawQuery, key: string, fallback: number, min: number, max: number): number {
  const text = one(q, key);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+(\.0+)?$/.test(text) || value < min || value > max) throw invalid(key, `must be an integer from ${min} to ${max}`);
  return value;
}

function instant(q: RawQuery, key: string, edge: 'start' | 'end'): string | undefined {
  const text = one(q, key);
  if (text === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return new Date(Date.parse(`${text}T00:00:00.000Z`) + (edge === 'end' ? 86_399_999 : 0)).toISOString();
  const value = normaliseDateTime(text);
  if (Number.isNaN(Date.parse(value)) || !/^\d{4}-\d{2}-\d{2}T/.test(text)) throw invalid(key, 'must be an ISO 8601 date or date-time');
  return value;
}

/** GET /orders's query string, or a 400 naming the field. */
export function parseListOrdersQuery(q: RawQuery = {}): ListOrdersQuery {
  const statuses = many(q, 'status');
  const unknown = statuses.find((status) => !(ORDER_STATUSES as readonly string[]).includes(status));
  if (unknown !== undefined) throw invalid('status', `must be one of ${ORDER_STATUSES.join(', ')}`);
  return {
    merchants: many(q, 'merchant'),
    statuses: statuses as OrderStatus[],
    partnerOrderReference: one(q, 'partner_order_reference'),
    orderDateFrom: instant(q, 'order_date_from', 'start'),
    orderDateTo: instant(q, 'order_date_to', 'end'),
    page: integer(q, 'page', 0, 0, Number.MAX_SAFE_INTEGER),
    pageSize: integer(q, 'page_size', PAGE_SIZE_DEFAULT, PAGE_SIZE_MIN, PAGE_SIZE_MAX),
  };
}
