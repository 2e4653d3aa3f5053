import { applyDecorators, Controller, UseFilters } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { UseErrorArea } from '@shipledger/platform';
import { reject } from '../../domain/order';
import type { OrderKey } from './order-command.service';
import { OrderErrorsFilter } from './order-errors.filter';

/** An orders-area controller: the orders error body, domain refusals mapped, under /orders. */
export function OrdersController(): ClassDecorator {
  return applyDecorators(ApiTags('orders'), UseErrorArea('orders'), Controller('orders'), UseFilters(OrderErrorsFilter));
}

export const ApiKeyQuery = () => ApiQuery({
  name: 'key', required: false, enum: ['order_id', 'partner_order_reference'], description: 'what {reference} is (default order_id)',
});

/** Query `key`: order_id (default) or partner_order_reference. */
export function parseKey(raw: unknown): OrderKey {
  if (raw === undefined || raw === '' || raw === 'order_id') return 'order_id';
  if (raw === 'partner_order_reference') return 'partner_order_reference';
  throw reject('validation_failed', 'key : must be order_id or partner_order_reference', 'key');
}

/** A boolean query flag: `true`/`false`, any case, or PHP's `1`/`0`; absent = false. */
export function parseFlag(raw: unknown, name: string): boolean {
  const value = typeof raw === 'string' ? raw.trim().toLowerCase() : raw;
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw reject('validation_failed', `${name} : must be true or false`, name);
}

export const nowIso = (): string => new Date().toISOString();
