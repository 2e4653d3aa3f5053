import { ApiError, mappedExceptionFilter } from '@shipledger/platform';
import { OrderCommandRejected } from '../../domain/order';

/** Domain refusals as the orders error body: the rejection's status, code, message and fields. */
export function toOrderApiError(error: unknown): unknown {
  if (!(error instanceof OrderCommandRejected)) return error;
  return new ApiError(error.httpStatus, [error.message], error.code, error.details);
}

export const OrderErrorsFilter = mappedExceptionFilter('OrderErrorsFilter', toOrderApiError);
