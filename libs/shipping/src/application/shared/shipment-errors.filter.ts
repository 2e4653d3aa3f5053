import { WrongExpectedRevisionError } from '@shipledger/event-store';
import { ApiError, mappedExceptionFilter } from '@shipledger/platform';
import { ShipmentCommandRejected } from '../../domain/shipment';
import { DuplicateReferenceError } from './shipment-references';

/** Domain refusals as HTTP answers: not found → 404, a lost race → 409, every other refusal → 400 with the spec's message. */
export function toHttpError(error: unknown): unknown {
  if (error instanceof WrongExpectedRevisionError) return ApiError.conflict('The shipment is being changed concurrently; retry the request');
  if (error instanceof DuplicateReferenceError) return ApiError.badRequest(error.message, [], 'duplicate_reference');
  if (error instanceof ShipmentCommandRejected) {
    return error.code === 'not_found' ? ApiError.notFound(error.message) : ApiError.badRequest(error.message, [], error.code);
  }
  return error;
}

export const ShipmentErrorsFilter = mappedExceptionFilter('ShipmentErrorsFilter', toHttpError);
