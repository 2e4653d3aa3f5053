import 'reflect-metadata';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import type { ApiErrorDetail } from './api-error';

/**
 * Request bodies as PHP and JavaScript clients send them (docs/api/conventions.md), made plain before
 * class-transformer and class-validator see them, for every body DTO:
 * - `[]` where the DTO expects an object (a nested DTO, a map) is `{}`: PHP encodes an empty map as an
 *   empty list. A non-empty array there is an error (`delivery : must be an object`).
 * - `null` and `""` in an optional field mean absent, unless the field documents null as a value
 *   (`nullable: true`) or the DTO is marked @StrictInput (operator APIs, where null is a wrong value).
 * Integers written `2.0` need nothing: JSON numbers have no integer kind, so 2.0 parses as 2.
 */
const STRICT_INPUT = Symbol.for('shipledger.strict-input');
const SWAGGER_PROPERTY = 'swagger/apiModelProperties';

/** Keep null and "" as sent for this DTO (and the DTOs under it): they are validated, never dropped. */
export const StrictInput = (): ClassDecorator => (target) => {
  Reflect.defineMetadata(STRICT_INPUT, true, target);
};

interface PropertyShape {
  optional: boolean;
  nullable: boolean;
  /** Not a scalar and not a list: a nested DTO or an open map. */
  expectsObject: boolean;
  /** The DTO class of the value (or of each element of a list). */
  nested?: new () => object;
}

const shapes = new WeakMap<object, Map<string, PropertyShape>>();

export function normaliseClientInput(body: unknown, dto: new () => object): ApiErrorDetail[] {
  const details: ApiErrorDetail[] = [];
  if (isRecord(body)) walk(body, dto, '', Reflect.getMetadata(STRICT_INPUT, dto) === true, details);
  return details;
}

function walk(body: Record<string, unknown>, dto: new () => object, prefix: string, strict: boolean, details: ApiErrorDetail[]): void {
  const properties = shapesOf(dto);
  for (const key of Object.keys(body)) {
    const shape = properties.get(key);
    if (!shape) continue;
    const field = prefix ? `${prefix}.${key}` : key;
    const value = body[key];
    if (!strict && shape.optional && !shape.nullable && (value === null || value === '')) {
      delete body[key];
    } else if (shape.expectsObject) {
      const object = asObject(body, key, field, details);
      if (object && shape.nested) walk(object, shape.nested, field, strict, details);
    } else if (shape.nested && Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const element = asObject(value as unknown as Record<string, unknown>, String(index), `${field}.${index}`, details);
        if (element) walk(element, shape.nested, `${field}.${index}`, strict, details);
      }
    }
  }
}

/** The object at holder[key], an empty list there turned into {}; undefined when it is not one. */
function asObject(holder: Record<string, unknown>, key: string, field: string, details: ApiErrorDetail[]): Record<string, unknown> | undefined {
  const value = holder[key];
  if (Array.isArray(value)) {
    if (value.length > 0) {
      details.push({ field, message: 'must be an object' });
      return undefined;
    }
    holder[key] = {};
  }
  return isRecord(holder[key]) ? (holder[key] as Record<string, unknown>) : undefined;
}

function shapesOf(dto: new () => object): Map<string, PropertyShape> {
  let found = shapes.get(dto);
  if (found) return found;
  found = new Map();
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  for (const name of new Set(rules.map((rule) => rule.propertyName))) {
    const designType: unknown = Reflect.getMetadata('design:type', dto.prototype, name);
    const documented = Reflect.getMetadata(SWAGGER_PROPERTY, dto.prototype, name) as { nullable?: boolean } | undefined;
    const nested = defaultMetadataStorage.findTypeMetadata(dto, name)?.typeFunction() as (new () => object) | undefined;
    const own = rules.filter((rule) => rule.propertyName === name);
    // `unknown`, unions and `Record<…>` all read as Object: a property expects an object when it holds
    // a nested DTO (not a list of them) or is validated @IsObject() (a map such as custom_attributes).
    const objectRule = own.some((rule) => rule.name === 'isObject' && !rule.each);
    found.set(name, {
      optional: own.some((rule) => rule.name === 'isOptional'),
      nullable: documented?.nullable === true,
      expectsObject: designType !== Array && ((nested !== undefined && nested !== (Object as unknown)) || objectRule),
      nested: nested && nested !== (Object as unknown) ? nested : undefined,
    });
  }
  shapes.set(dto, found);
  return found;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
