import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';
import {
  ADDRESS_LINE_MAX, CODE_MAX, EMAIL_MAX, Merchants, NAME_MAX, OptionalString, PHONE_MAX, PLACE_MAX, POSTCODE_MAX, REFERENCE_MAX,
  RequiredString,
} from '../shared/dto/fields';
import { IsCoords } from './coords';

/** POST and PUT /locations (PUT sets these and clears the rest). */
export class LocationRequestDto {
  @RequiredString(NAME_MAX, 'Main warehouse') location_name!: string;
  @OptionalString(REFERENCE_MAX, 'WH-1') location_code?: string;
  @RequiredString(NAME_MAX, 'Warehouse desk') contact_name!: string;
  @RequiredString(PHONE_MAX, '+971500000001') contact_phone!: string;
  @OptionalString(PHONE_MAX) alternate_phone?: string;
  @OptionalString(EMAIL_MAX) contact_email?: string;
  @RequiredString(ADDRESS_LINE_MAX, '1 Warehouse Road') address1!: string;
  @OptionalString(ADDRESS_LINE_MAX) address2?: string;
  @RequiredString(PLACE_MAX, 'Dubai') city!: string;
  @OptionalString(PLACE_MAX) state?: string;
  @OptionalString(POSTCODE_MAX) postcode?: string;
  @RequiredString(CODE_MAX, 'AE') @Matches(/^[A-Za-z]{2}$/, { message: 'must be a two-letter country code' }) country!: string;
  @ApiPropertyOptional({
    description: '"latitude,longitude"; [latitude, longitude] is accepted too and stored as the string',
    oneOf: [{ type: 'string', example: '25.2048,55.2708' }, { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 }],
  })
  @IsOptional() @IsCoords() coords?: string | number[];
  @OptionalString(PLACE_MAX) three_words_address?: string;
  @ApiPropertyOptional({ enum: ['business', 'residential'] }) @IsOptional() @IsIn(['business', 'residential']) type?: 'business' | 'residential';
  @OptionalString(REFERENCE_MAX) storefront_location_id?: string;
  @ApiPropertyOptional({ description: 'false or absent; deleting is DELETE /locations/{location-id}' })
  @IsOptional() @IsBoolean() @IsIn([false], { message: 'must be false: delete a location with DELETE /locations/{location-id}' }) deleted?: boolean;
  @Merchants() merchants?: string[];
  @ApiPropertyOptional({ readOnly: true, description: 'answered by the service; ignored in a request' }) @Allow() location_id?: unknown;
}
