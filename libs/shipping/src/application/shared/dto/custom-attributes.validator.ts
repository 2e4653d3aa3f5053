import { registerDecorator, type ValidationOptions } from 'class-validator';

/** `{name: ["value", ...]}`; with `allowNull`, `null` (remove the attribute) is accepted as a value. */
export function IsCustomAttributes(allowNull: boolean, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isCustomAttributes',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: 'must map attribute names to arrays of strings', ...options },
      validator: {
        validate(value: unknown): boolean {
          if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
          return Object.values(value).every((entry) =>
            (allowNull && entry === null) || (Array.isArray(entry) && entry.every((item) => typeof item === 'string')));
        },
      },
    });
  };
}
