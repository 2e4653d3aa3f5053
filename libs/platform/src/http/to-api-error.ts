import { HttpException } from '@nestjs/common';
import { ApiError } from './api-error';

const REASONS: Record<number, string> = {
  400: 'Bad request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not found', 405: 'Method not allowed',
  409: 'Conflict', 410: 'Gone', 413: 'Request body too large', 415: 'Unsupported content type',
  429: 'Too many requests', 500: 'Internal server error', 503: 'Service unavailable',
};

/** Anything thrown on the way to a response, as an ApiError; unknown errors become an opaque 500. */
export function toApiError(exception: unknown): ApiError {
  if (exception instanceof ApiError) return exception;
  if (exception instanceof HttpException) return fromStatus(exception.getStatus(), messageOf(exception));
  const status = (exception as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return fromStatus(status, fastifyMessage(exception as { code?: string; message?: string }, status));
  }
  return new ApiError(500, [REASONS[500]]);
}

function fromStatus(status: number, message: string): ApiError {
  return new ApiError(status, [message]);
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  const status = exception.getStatus();
  if (status === 413 || status === 415) return humanise('', status);
  if (status === 404 && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)/.test(exception.message)) {
    return `No route for ${exception.message.replace(/^Cannot /, '')}`;
  }
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return humanise(message, status);
  if (Array.isArray(message)) return message.join('; ');
  return REASONS[status] ?? exception.message;
}

function fastifyMessage(error: { code?: string; message?: string }, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return 'Unsupported content type: send application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return 'Request body too large';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH': return 'Request body length does not match Content-Length';
    default: return REASONS[status] ?? 'Bad request';
  }
}

function humanise(message: string, status: number): string {
  if (status === 413) return 'Request body too large';
  if (status === 415) return 'Unsupported content type: send application/json';
  return message;
}
