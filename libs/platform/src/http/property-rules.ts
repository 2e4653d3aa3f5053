import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

/**
 * A class-validator rule written as one function: `validate` judges the value, `message` names the
 * problem (fixed, or from the value). The custom rules of every context's DTOs are this.
 */
export function ValidatedBy(
  name: string,
  validate: (value: unknown) => boolean,
  message: string | ((args: ValidationArguments) => string),
  extra: { constraints?: unknown[]; options?: ValidationOptions } = {},
): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      ...(extra.constraints ? { constraints: extra.constraints } : {}),
      options: { message, ...extra.options },
      validator: { validate },
    });
  };
}

/**
 * A required string: missing, null or blank → "must not be blank" (the message shipment clients know),
 * another type → "must be a string", too long → the bound. One rule, so exactly one message per field.
 */
export function RequiredString(max: number, example?: string): PropertyDecorator {
  return applyDecorators(ApiProperty({ maxLength: max, example }), ValidatedBy(
    'requiredString',
    (value) => typeof value === 'string' && value.trim() !== '' && value.length <= max,
    (args) => {
      const value = args.value as unknown;
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'must not be blank';
      if (typeof value !== 'string') return 'must be a string';
      return `must be shorter than or equal to ${max} characters`;
    },
    { constraints: [max] },
  ));
}
