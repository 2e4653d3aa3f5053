import { registerDecorator } from 'class-validator';
import { parseCoords } from '../../domain';

export function IsCoords(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isCoords',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: 'must be "latitude,longitude" or [latitude, longitude] (latitude -90..90, longitude -180..180)' },
      validator: { validate: (value: unknown) => parseCoords(value) !== undefined },
    });
  };
}
