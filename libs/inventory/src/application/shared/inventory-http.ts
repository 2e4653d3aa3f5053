import { applyDecorators, Controller, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiError, mappedExceptionFilter, UseErrorArea } from '@shipledger/platform';
import { InventoryRejected } from '../../domain';

/** Inventory refusals in the orders-area error body {error, code, details[{field, message}]}. */
export const InventoryErrorsFilter = mappedExceptionFilter('InventoryErrorsFilter', (error) =>
  error instanceof InventoryRejected ? new ApiError(error.httpStatus, [error.message], error.code, error.details) : error);

/** An inventory controller: under /inventory, the orders-area error body (ADR 0010), refusals mapped. */
export function InventoryController(): ClassDecorator {
  return applyDecorators(ApiTags('inventory'), UseErrorArea('orders'), Controller('inventory'), UseFilters(InventoryErrorsFilter));
}

export const nowIso = (): string => new Date().toISOString();
