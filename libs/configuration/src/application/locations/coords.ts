import { ValidatedBy } from '@shipledger/platform';
import { parseCoords } from '../../domain';

export const IsCoords = (): PropertyDecorator => ValidatedBy('isCoords', (value) => parseCoords(value) !== undefined,
  'must be "latitude,longitude" or [latitude, longitude] (latitude -90..90, longitude -180..180)');
