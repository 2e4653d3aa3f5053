import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { API_SCOPES } from '../tenancy/scopes';

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const ID_MESSAGE = "must be 1-64 letters, digits, '_', '.' or '-'";

export class MerchantDto {
  @ApiProperty() @IsString() @Matches(ID, { message: ID_MESSAGE }) merchant_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) name?: string;
}

export class TenantSettingsDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() legacy_compatibility?: boolean;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsInt() @Min(1) rate_limit_per_minute?: number | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsInt() @Min(0) shipments_list_monthly_quota?: number | null;
}

export class CreateTenantDto extends TenantSettingsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(ID, { message: ID_MESSAGE }) tenant_id?: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(200) name!: string;
  @ApiPropertyOptional({ type: [MerchantDto] }) @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => MerchantDto) merchants?: MerchantDto[];
}

export class CreateClientDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(200) name!: string;
  @ApiProperty({ enum: API_SCOPES, isArray: true }) @IsArray() @ArrayUnique() @IsIn(API_SCOPES, { each: true }) scopes!: string[];
  @ApiPropertyOptional({ description: 'Limit the client to these merchants; empty or absent = all' })
  @IsOptional() @IsArray() @ArrayUnique() @IsString({ each: true }) merchants?: string[];
}
