import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { ApiError, type ApiErrorDetail } from './api-error';

/**
 * whitelist + forbidNonWhitelisted + transform. Errors name every bad field by its full path
 * (`dropoff.contact_email`, `items.0.sku`). A body of `[]` for an object DTO counts as `{}`: PHP
 * clients encode an empty map as an empty list, and optional bodies may arrive that way.
 */
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => validationFailed(errors),
    });
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const isObjectDto = metadata.type === 'body' && metadata.metatype && metadata.metatype !== Array && metadata.metatype !== Object;
    if (isObjectDto && Array.isArray(value) && value.length === 0) return super.transform({}, metadata);
    if (isObjectDto && (value === null || typeof value !== 'object' || Array.isArray(value)) && value !== undefined) {
      throw ApiError.badRequest('Request body must be a JSON object', [{ field: 'body', message: 'must be a JSON object' }], 'validation_failed');
    }
    return super.transform(value, metadata);
  }
}

export function validationFailed(errors: ValidationError[]): ApiError {
  const details = flatten(errors, '');
  return new ApiError(400, details.map((d) => `${d.field} : ${d.message}`), 'validation_failed', details);
}

function flatten(errors: ValidationError[], prefix: string): ApiErrorDetail[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message: withoutProperty(message, error.property) }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** class-validator messages start with the property name; the field path replaces it. */
function withoutProperty(message: string, property: string): string {
  if (message.startsWith(`property ${property} `)) return message.slice(`property ${property} `.length);
  if (message.startsWith(`${property} `)) return message.slice(property.length + 1);
  return message;
}
