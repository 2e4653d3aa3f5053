import { plainJson } from '@shipledger/platform';
import type { FoDelivery, JsonObject, LineItemInput, LineItemQuantity, OrderContent } from '../../domain/order';
import type { LineItemDto, LineItemQuantityDto } from './dto/order-fields.dto';
import type { CreateOrderRequestDto, OrderFieldsDto, UpdateOrderRequestDto } from './dto/order-request.dto';

/** A date-time as an ISO instant with milliseconds; input without an offset is UTC. */
export function normaliseDateTime(value: string): string {
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) || /^\d{4}-\d{2}-\d{2}$/.test(value);
  const instant = Date.parse(hasOffset ? value : `${value}Z`);
  return Number.isNaN(instant) ? value : new Date(instant).toISOString();
}

const CONTENT_FIELDS = [
  'merchant', 'partner_order_reference', 'language', 'order_date', 'sales_channel', 'creation_source', 'update_source',
  'service_metadata', 'shipping_address', 'billing_address', 'customer', 'payment', 'taxes_included', 'duties_included',
  'discount_applications', 'shipping_lines',
] as const;

/** The simple fields a body supplied (rule 2: only these change). */
export function toOrderContent(dto: OrderFieldsDto & { merchant?: string }): OrderContent {
  const plain = plainJson(dto) as Record<string, unknown>;
  const content: Record<string, unknown> = {};
  for (const field of CONTENT_FIELDS) if (plain[field] !== undefined) content[field] = plain[field];
  if (typeof content.order_date === 'string') content.order_date = normaliseDateTime(content.order_date);
  return content as OrderContent;
}

export function toLineItems(items: readonly LineItemDto[]): LineItemInput[] {
  return plainJson(items) as LineItemInput[];
}

export function toQuantities(items: readonly LineItemQuantityDto[] | undefined): LineItemQuantity[] | undefined {
  return items?.map(({ id, quantity }) => ({ id, quantity }));
}

export function toDelivery(delivery: object | undefined): FoDelivery | undefined {
  return plainJson(delivery) as FoDelivery | undefined;
}

export function toObjects(list: readonly Record<string, unknown>[] | undefined): JsonObject[] | undefined {
  return plainJson(list) as JsonObject[] | undefined;
}

export type CreateBody = CreateOrderRequestDto;
export type UpdateBody = UpdateOrderRequestDto;
