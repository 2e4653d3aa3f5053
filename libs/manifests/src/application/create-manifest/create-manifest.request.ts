import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Bounds of a manifest request (docs/limits.md). */
export const MANIFEST_LIMITS = { shipments: 200, id: 100, pickup: 200, dateTime: 40 } as const;

/** POST /manifests (the silent doc's manifest request). */
export class CreateManifestRequestDto {
  @ApiProperty({ maxLength: MANIFEST_LIMITS.id })
  @IsString() @IsNotEmpty() @MaxLength(MANIFEST_LIMITS.id) merchant!: string;

  @ApiProperty({ maxLength: MANIFEST_LIMITS.id, description: 'carrier account id' })
  @IsString() @IsNotEmpty() @MaxLength(MANIFEST_LIMITS.id) carrier_account!: string;

  @ApiProperty({ type: [String], minItems: 1, maxItems: MANIFEST_LIMITS.shipments, description: 'booked or ready_to_ship shipments of the same carrier account, merchant and pickup' })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(MANIFEST_LIMITS.shipments) @ArrayUnique()
  @IsString({ each: true }) @IsNotEmpty({ each: true }) @MaxLength(MANIFEST_LIMITS.id, { each: true })
  shipment_ids!: string[];

  @ApiPropertyOptional({ maxLength: MANIFEST_LIMITS.pickup, description: 'pickup location (partner_location_id); default: the first shipment\'s pickup' })
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(MANIFEST_LIMITS.pickup) pickup?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional() @IsISO8601() @MaxLength(MANIFEST_LIMITS.dateTime) pickup_schedule_from?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional() @IsISO8601() @MaxLength(MANIFEST_LIMITS.dateTime) pickup_schedule_to?: string;

  @ApiPropertyOptional({ format: 'date', description: 'YYYY-MM-DD' })
  @IsOptional() @IsISO8601({ strict: true }) @MaxLength(10) ship_manifest_date?: string;
}
