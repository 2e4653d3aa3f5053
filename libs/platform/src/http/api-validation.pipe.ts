import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { ApiError, type ApiErrorDetail } from './api-error';
import { normaliseClientInput } from './client-input';
import { installValidationMetadataCache } from './validation-metadata-cache';

/**
 * A body DTO class may carry rules that need the whole body (a field required on one route and not on
 * another, say) as a static `bodyRules(body)`. Their failures are answered together with the DTO's own
 * ones, first, in one 400, so a client learns every bad field from one response.
 */
export interface WithBodyRules {
  bodyRules(body: unknown): ApiErrorDetail[];
}

/**
 * whitelist + forbidNonWhitelisted + transform. Errors name every bad field by its full path
 * (`dropoff.contact_email`, `items.0.sku`). A body of `[]` for an object DTO counts as `{}`: PHP
 * clients encode an empty map as an empty list, and optional bodies may arrive that way. Inside the
 * body the same and the other client conventions apply (client-input.ts).
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
    installValidationMetadataCache();
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const isObjectDto = metadata.type === 'body' && metadata.metatype && metadata.metatype !== Array && metadata.metatype !== Object;
    if (isObjectDto && Array.isArray(value) && value.length === 0) return super.transform({}, metadata);
    if (isObjectDto && (value === null || typeof value !== 'object' || Array.isArray(value)) && value !== undefined) {
      throw ApiError.badRequest('Request body must be a JSON object', [{ field: 'body', message: 'must be a JSON object' }], 'validation_failed');
    }
    if (isObjectDto) {
      const shapeErrors = normaliseClientInput(value, metadata.metatype as new () => object);
      if (shapeErrors.length) throw failedWith(shapeErrors);
    }
    const rules = isObjectDto ? (metadata.metatype as unknown as Partial<WithBodyRules>).bodyRules : undefined;
    if (!rules) return super.transform(value, metadata);
    return this.transformWithRules(value, metadata, rules(value ?? {}));
  }

  /*
   * Two walks of ValidationPipe look for what only multipart bodies and socket messages carry: sparse
   * arrays and binary values (Buffers, typed arrays). Every value validated here is JSON (a body; the
   * token form is strings, fastify-setup.ts; a bulk import's items are parts of its JSON body), a query
   * string's strings or a route's parameters, which hold neither; skipping the two walks saves ~2 % of a
   * create's CPU (docs/platform.md). The prototype-key strip stays: it is a rule about key names.
   */
  protected override closeArrayGaps(): void {}

  protected override findNestedBinaryValues(): ValidationError[] {
    return [];
  }

  private async transformWithRules(value: unknown, metadata: ArgumentMetadata, ruleErrors: ApiErrorDetail[]): Promise<unknown> {
    let transformed: unknown;
    try {
      transformed = await super.transform(value, metadata);
    } catch (error) {
      if (ruleErrors.length && error instanceof ApiError && error.code === 'validation_failed') {
        throw failedWith([...ruleErrors, ...error.details.filter((detail) => !ruleErrors.some((rule) => rule.field === detail.field))]);
      }
      throw error;
    }
    if (ruleErrors.length) throw failedWith(ruleErrors);
    return transformed;
  }
}

function failedWith(details: ApiErrorDetail[]): ApiError {
  return new ApiError(400, details.map((d) => `${d.field} : ${d.message}`), 'validation_failed', details);
}

export function validationFailed(errors: ValidationError[]): ApiError {
  return failedWith(flatten(errors, ''));
}

function flatten(errors: ValidationError[], prefix: string): ApiErrorDetail[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const own = ownMessages(error).map((message) => ({ field, message: withoutProperty(message, error.property) }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** Checks of a value's kind: when one fails, the checks of its length or range say nothing more. */
const TYPE_CONSTRAINTS = new Set(['isString', 'isBoolean', 'isNumber', 'isInt', 'isArray', 'isObject']);

function ownMessages(error: ValidationError): string[] {
  const constraints = Object.entries(error.constraints ?? {});
  const typeFailures = constraints.filter(([name]) => TYPE_CONSTRAINTS.has(name));
  return (typeFailures.length ? typeFailures : constraints).map(([, message]) => message);
}

/** class-validator messages start with the property name; the field path replaces it. */
function withoutProperty(message: string, property: string): string {
  if (message.startsWith(`property ${property} `)) return message.slice(`property ${property} `.length);
  if (message.startsWith(`${property} `)) return message.slice(property.length + 1);
  return message;
}
