import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ApiError } from '@shipledger/platform';
import { catchError, type Observable } from 'rxjs';
import { OrderCommandRejected } from '../../domain/order';

/** Domain refusals as the orders error body: the rejection's status, code, message and fields. */
export function toOrderApiError(error: unknown): unknown {
  if (!(error instanceof OrderCommandRejected)) return error;
  return new ApiError(error.httpStatus, [error.message], error.code, error.details);
}

@Injectable()
export class OrderErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((error: unknown) => {
      throw toOrderApiError(error);
    }));
  }
}
