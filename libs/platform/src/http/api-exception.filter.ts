import { Catch, Logger, type ArgumentsHost, type ExceptionFilter, type Type } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdempotentReplay } from '../idempotency/idempotency.guard';
import { errorShapeForPath, renderErrorBody, type ErrorShape } from './error-body';
import { toApiError } from './to-api-error';

/** The request property where the matched route's area is recorded (set by the auth guard). */
export const ERROR_SHAPE_KEY = 'shipledgerErrorShape';

/**
 * Renders every error in the body shape of the route's area (@UseErrorArea, else by path). Unknown
 * errors become a 500 with no internals in the body; they are logged with the request id. An
 * IdempotentReplay (a retry of a completed keyed request) is not an error: its stored answer is sent.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest & Record<string, unknown>>();
    const reply = http.getResponse<FastifyReply>();
    if (exception instanceof IdempotentReplay) {
      if (!reply.sent) reply.status(exception.status).headers({ ...exception.headers, 'idempotent-replayed': 'true' }).send(exception.body);
      return;
    }
    const error = toApiError(exception);
    if (error.status >= 500) this.logger.error({ err: exception, requestId: request.id }, 'Unhandled error');
    const shape = (request[ERROR_SHAPE_KEY] as ErrorShape | undefined) ?? errorShapeForPath(request.url);
    if (reply.sent) return;
    reply.headers(error.headers).status(error.status).type('application/json').send(renderErrorBody(shape, error));
  }
}

/**
 * A context's exception filter: its domain refusals mapped to ApiErrors (`mapError` answers other
 * errors as they are), then rendered like every other error. Applied with @UseFilters on the context's
 * controllers; a filter, unlike an interceptor, costs nothing on the requests that succeed.
 */
export function mappedExceptionFilter(name: string, mapError: (error: unknown) => unknown): Type<ExceptionFilter> {
  @Catch()
  class MappedExceptionFilter extends ApiExceptionFilter {
    override catch(exception: unknown, host: ArgumentsHost): void {
      super.catch(mapError(exception), host);
    }
  }
  Object.defineProperty(MappedExceptionFilter, 'name', { value: name });
  return MappedExceptionFilter;
}
