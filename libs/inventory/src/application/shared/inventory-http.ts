import { applyDecorators, Controller, Injectable, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiError, UseErrorArea } from '@shipledger/platform';
import { catchError, type Observable } from 'rxjs';
import { InventoryRejected } from '../../domain';

/** Inventory refusals in the orders-area error body {error, code, details[{field, message}]}. */
@Injectable()
export class InventoryErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((error: unknown) => {
      if (!(error instanceof InventoryRejected)) throw error;
      throw new ApiError(error.httpStatus, [error.message], error.code, error.details);
    }));
  }
}

/** An inventory controller: under /inventory, the orders-area error body (ADR 0010), refusals mapped. */
export function InventoryController(): ClassDecorator {
  return applyDecorators(ApiTags('inventory'), UseErrorArea('orders'), Controller('inventory'), UseInterceptors(InventoryErrorsInterceptor));
}

export const nowIso = (): string => new Date().toISOString();
