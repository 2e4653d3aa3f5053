import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';
import { CODE_MAX, Merchants, OptionalString, RequiredString, TEXT_MAX } from '../shared/dto/fields';
import { IsCoords } from './coords';

/** POST and PUT /locations (PUT sets these and clears the rest). */
export class LocationRequestDto {
  @RequiredString(TEXT_MAX, 'Main warehouse') location_name!: string;
  @OptionalString(CODE_MAX, 'WH-1') location_code?: string;
  @RequiredString(TEXT_MAX, 'Warehouse desk') contact_name!: string;
  @RequiredString(CODE_MAX, '+971500000001') contact_phone!: string;
  @OptionalString(CODE_MAX) alternate_phone?: string;
  @OptionalString(CODE_MAX) contact_email?: string;
  @RequiredString(TEXT_MAX, '1 Warehouse Road') address1!: string;
  @OptionalString(TEXT_MAX) address2?: string;
  @RequiredString(TEXT_MAX, 'Dubai') city!: string;
  @OptionalString(TEXT_MAX) state?: string;
  @OptionalString(CODE_MAX) postcode?: string;
  @RequiredString(CODE_MAX, 'AE') @Matches(/^[A-Za-z]{2}$/, { message: 'must be a two-letter country code' }) country!: string;
  @ApiPropertyOptional({
    description: '"latitude,longitude"; [latitude, longitude] is accepted too and stored as the string',
    oneOf: [{ type: 'string', example: '25.2048,55.2708' }, { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 }],
  })
  @IsOptional() @IsCoords() coords?: string | number[];
  @OptionalString(CODE_MAX) three_words_address?: string;
  @ApiPropertyOptional({ enum: ['business', 'residential'] }) @IsOptional() @IsIn(['business', 'residential']) type?: 'business' | 'residential';
  @OptionalString(CODE_MAX) storefront_location_id?: string;
  @ApiPropertyOptional({ description: 'false or absent; deleting is DELETE /locations/{location-id}' })
  @IsOptional() @IsBoolean() @IsIn([false], { message: 'must be false: delete a location with DELETE /locations/{location-id}' }) deleted?: boolean;
  @Merchants() merchants?: string[];
  @ApiPropertyOptional({ readOnly: true, description: 'answered by the service; ignored in a request' }) @Allow() location_id?: unknown;
}
