import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import {
  ADDRESS_LINE_MAX, CODE_MAX, EMAIL_MAX, NAME_MAX, PHONE_MAX, PLACE_MAX, POSTCODE_MAX, REFERENCE_MAX,
} from './common.dto';
import { coordsFromString, IsCoords } from './coords';

export const REGISTRATION_NUMBERS_MAX = 50;

export class RegistrationNumberDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(CODE_MAX) type_code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) value?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(CODE_MAX) issuer_country_code?: string;
}

/** pickup, dropoff and the customs parties (which add company_name and registration_numbers). */
export class AddressDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_location_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_location_code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(NAME_MAX) contact_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(NAME_MAX) company_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(PHONE_MAX) contact_phone?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(EMAIL_MAX) contact_email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(ADDRESS_LINE_MAX) address1?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(ADDRESS_LINE_MAX) address2?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(PLACE_MAX) area?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(PLACE_MAX) city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(PLACE_MAX) state?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(POSTCODE_MAX) postcode?: string;
  @ApiPropertyOptional({ example: 'AE' }) @IsOptional() @IsString() @MaxLength(CODE_MAX) country?: string;
  @ApiPropertyOptional({
    description: '[latitude, longitude]; the string "latitude,longitude" is accepted too. Answered as the array.',
    oneOf: [
      { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2, example: [25.2048, 55.2708] },
      { type: 'string', maxLength: 64, example: '25.2048,55.2708' },
    ],
  })
  @IsOptional() @Transform(({ value }) => coordsFromString(value)) @IsCoords() coords?: number[];
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(PLACE_MAX) three_words_address?: string;
  @ApiPropertyOptional({ type: [RegistrationNumberDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(REGISTRATION_NUMBERS_MAX) @ValidateNested({ each: true }) @Type(() => RegistrationNumberDto)
  registration_numbers?: RegistrationNumberDto[];
}
