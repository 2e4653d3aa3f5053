/**
 * An error answered to the client. The platform's exception filter renders it in the route's area:
 * shipping `{status: "<code>", timestamp, errors: messages}`, orders `{error: messages[0], code,
 * details}`. `details` name the bad fields (`{field, message}`); for shipping they become messages.
 */
export interface ApiErrorDetail {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: readonly string[],
    /** Machine-readable code for the orders area (e.g. 'validation_failed', 'not_found', 'conflict'). */
    readonly code: string = defaultCode(status),
    readonly details: readonly ApiErrorDetail[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(messages.join('; '));
    this.name = 'ApiError';
  }

  static badRequest(message: string, details: readonly ApiErrorDetail[] = [], code = 'bad_request'): ApiError {
    return new ApiError(400, [message], code, details);
  }
  static notFound(message: string): ApiError {
    return new ApiError(404, [message], 'not_found');
  }
  static conflict(message: string): ApiError {
    return new ApiError(409, [message], 'conflict');
  }
  static forbidden(message: string): ApiError {
    return new ApiError(403, [message], 'forbidden');
  }
}

function defaultCode(status: number): string {
  switch (status) {
    case 400: return 'bad_request';
    case 401: return 'unauthorized';
    case 403: return 'forbidden';
    case 404: return 'not_found';
    case 409: return 'conflict';
    case 410: return 'gone';
    case 413: return 'payload_too_large';
    case 415: return 'unsupported_media_type';
    case 429: return 'too_many_requests';
    default: return status >= 500 ? 'internal_error' : 'error';
  }
}
