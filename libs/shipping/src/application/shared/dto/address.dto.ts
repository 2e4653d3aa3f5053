import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNumber, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { DESCRIPTION_MAX, REFERENCE_MAX } from './common.dto';

export class RegistrationNumberDto {
  @ApiPropertyOptional() @IsOptional() @IsString() type_code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() value?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() issuer_country_code?: string;
}

/** pickup, dropoff and the customs parties (which add company_name and registration_numbers). */
export class AddressDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_location_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_location_code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) contact_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) company_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) contact_phone?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) contact_email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) address1?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) address2?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() area?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() state?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() postcode?: string;
  @ApiPropertyOptional({ example: 'AE' }) @IsOptional() @IsString() country?: string;
  @ApiPropertyOptional({ type: [Number], example: [25.2, 55.27] }) @IsOptional() @IsArray() @IsNumber({}, { each: true }) coords?: number[];
  @ApiPropertyOptional() @IsOptional() @IsString() three_words_address?: string;
  @ApiPropertyOptional({ type: [RegistrationNumberDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(50) @ValidateNested({ each: true }) @Type(() => RegistrationNumberDto)
  registration_numbers?: RegistrationNumberDto[];
}
