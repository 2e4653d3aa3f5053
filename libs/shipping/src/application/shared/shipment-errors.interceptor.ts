import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { WrongExpectedRevisionError } from '@shipledger/event-store';
import { ApiError } from '@shipledger/platform';
import { catchError, type Observable } from 'rxjs';
import { ShipmentCommandRejected } from '../../domain/shipment';
import { DuplicateReferenceError } from './shipment-references';

/** Domain refusals as HTTP answers: not found → 404, every other refusal → 400 with the spec's message. */
@Injectable()
export class ShipmentErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((error: unknown) => {
      throw toHttpError(error);
    }));
  }
}

export function toHttpError(error: unknown): unknown {
  if (error instanceof WrongExpectedRevisionError) return ApiError.conflict('The shipment is being changed concurrently; retry the request');
  if (error instanceof DuplicateReferenceError) return ApiError.badRequest(error.message, [], 'duplicate_reference');
  if (error instanceof ShipmentCommandRejected) {
    return error.code === 'not_found' ? ApiError.notFound(error.message) : ApiError.badRequest(error.message, [], error.code);
  }
  return error;
}
