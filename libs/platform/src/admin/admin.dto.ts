import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateIf, ValidateNested,
} from 'class-validator';
import { StrictInput } from '../http/client-input';
import { API_SCOPES } from '../tenancy/scopes';

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const ID_MESSAGE = "must be 1-64 letters, digits, '_', '.' or '-'";
/** Operator limits (docs/limits.md); the quotas are stored as Postgres integer (at most 2^31 - 1). */
export const TENANT_NAME_MAX = 200;
export const MERCHANTS_MAX = 1000;
export const RATE_LIMIT_PER_MINUTE_MAX = 1_000_000;
export const MONTHLY_QUOTA_MAX = 1_000_000_000;

/** Operator input: null and "" are values to validate, not "absent". */
@StrictInput()
export class MerchantDto {
  @ApiProperty() @IsString() @Matches(ID, { message: ID_MESSAGE }) merchant_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(TENANT_NAME_MAX) name?: string;
}

@StrictInput()
export class TenantSettingsDto {
  // Stored NOT NULL: null is not "unchanged" here but a wrong value (absent leaves it as it is).
  @ApiPropertyOptional() @ValidateIf((_, value) => value !== undefined) @IsBoolean() legacy_compatibility?: boolean;
  @ApiPropertyOptional({ nullable: true, description: 'null: no per-tenant limit' })
  @IsOptional() @IsInt() @Min(1) @Max(RATE_LIMIT_PER_MINUTE_MAX) rate_limit_per_minute?: number | null;
  @ApiPropertyOptional({ nullable: true, description: 'null: unlimited' })
  @IsOptional() @IsInt() @Min(0) @Max(MONTHLY_QUOTA_MAX) shipments_list_monthly_quota?: number | null;
}

export class CreateTenantDto extends TenantSettingsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(ID, { message: ID_MESSAGE }) tenant_id?: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(TENANT_NAME_MAX) name!: string;
  @ApiPropertyOptional({ type: [MerchantDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(MERCHANTS_MAX) @IsObject({ each: true, message: 'each merchant must be an object' })
  @ValidateNested({ each: true }) @Type(() => MerchantDto) merchants?: MerchantDto[];
}

@StrictInput()
export class CreateClientDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(TENANT_NAME_MAX) name!: string;
  @ApiProperty({ enum: API_SCOPES, isArray: true }) @IsArray() @ArrayMaxSize(API_SCOPES.length) @ArrayUnique() @IsIn(API_SCOPES, { each: true }) scopes!: string[];
  @ApiPropertyOptional({ description: 'Limit the client to these merchants; empty or absent = all' })
  @IsOptional() @IsArray() @ArrayMaxSize(MERCHANTS_MAX) @ArrayUnique() @IsString({ each: true }) @Matches(ID, { each: true, message: `each merchant ${ID_MESSAGE}` })
  merchants?: string[];
}
