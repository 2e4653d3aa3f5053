import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateNested,
} from 'class-validator';
import { STOCK_REDUCTION_TIMINGS, type StockReductionTiming } from '../../domain';

/** Bounds of the inventory API (docs/limits.md). */
export const INVENTORY_LIMITS = {
  lines: 1000,
  sku: 250,
  reference: 250,
  reason: 250,
  quantity: 1_000_000_000,
  priorities: 100,
  pageSizeMax: 100,
  pageSizeDefault: 20,
  ledgerMax: 500,
  ledgerDefault: 100,
} as const;

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

export class InventorySettingsRequestDto {
  @ApiProperty({ description: 'inventory management on for this merchant (off by default)' })
  @IsBoolean() enabled!: boolean;

  @ApiPropertyOptional({ enum: STOCK_REDUCTION_TIMINGS, default: 'ON_ORDER_FULFILLED' })
  @IsOptional() @IsIn(STOCK_REDUCTION_TIMINGS) stock_reduction_timing?: StockReductionTiming;

  @ApiPropertyOptional({ default: false, description: 'reservations may take available below zero' })
  @IsOptional() @IsBoolean() allow_oversell?: boolean;

  @ApiPropertyOptional({ default: false, description: 'cancel an order automatic allocation cannot fill (INVENTORY_OUT_OF_STOCK / AUTO_ALLOCATION_FAILED)' })
  @IsOptional() @IsBoolean() cancel_unfillable_orders?: boolean;

  @ApiPropertyOptional({ type: [String], maxItems: INVENTORY_LIMITS.priorities, description: 'partner location ids or location codes, most preferred first' })
  @IsOptional() @IsArray() @ArrayMaxSize(INVENTORY_LIMITS.priorities) @IsString({ each: true }) @IsNotEmpty({ each: true })
  @MaxLength(INVENTORY_LIMITS.reference, { each: true })
  location_priority?: string[];
}

export class InventorySettingsResponseDto {
  @ApiProperty() merchant!: string;
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ enum: STOCK_REDUCTION_TIMINGS }) stock_reduction_timing!: StockReductionTiming;
  @ApiProperty() allow_oversell!: boolean;
  @ApiProperty() cancel_unfillable_orders!: boolean;
  @ApiProperty({ type: [String], description: 'partner location ids, most preferred first' }) location_priority!: string[];
}

export class SetItemDto {
  @ApiProperty({ maxLength: INVENTORY_LIMITS.sku }) @IsString() @IsNotEmpty() @MaxLength(INVENTORY_LIMITS.sku) sku!: string;
  @ApiProperty({ minimum: 0, maximum: INVENTORY_LIMITS.quantity }) @IsInt() @Min(0) @Max(INVENTORY_LIMITS.quantity) on_hand!: number;
}

export class AdjustItemDto {
  @ApiProperty({ maxLength: INVENTORY_LIMITS.sku }) @IsString() @IsNotEmpty() @MaxLength(INVENTORY_LIMITS.sku) sku!: string;
  @ApiProperty({ minimum: -INVENTORY_LIMITS.quantity, maximum: INVENTORY_LIMITS.quantity, description: 'added to on_hand (negative lowers it)' })
  @IsInt() @Min(-INVENTORY_LIMITS.quantity) @Max(INVENTORY_LIMITS.quantity) delta!: number;
  @ApiProperty({ maxLength: INVENTORY_LIMITS.reason, example: 'cycle count' }) @IsString() @IsNotEmpty() @MaxLength(INVENTORY_LIMITS.reason) reason!: string;
}

export class SetInventoryRequestDto {
  @ApiProperty({ maxLength: INVENTORY_LIMITS.reference, description: 'a partner location id or a location code' })
  @IsString() @IsNotEmpty() @MaxLength(INVENTORY_LIMITS.reference) location_id!: string;

  @ApiProperty({ type: [SetItemDto], minItems: 1, maxItems: INVENTORY_LIMITS.lines })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(INVENTORY_LIMITS.lines) @ValidateNested({ each: true }) @Type(() => SetItemDto)
  items!: SetItemDto[];
}

export class AdjustInventoryRequestDto {
  @ApiProperty({ maxLength: INVENTORY_LIMITS.reference, description: 'a partner location id or a location code' })
  @IsString() @IsNotEmpty() @MaxLength(INVENTORY_LIMITS.reference) location_id!: string;

  @ApiProperty({ type: [AdjustItemDto], minItems: 1, maxItems: INVENTORY_LIMITS.lines })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(INVENTORY_LIMITS.lines) @ValidateNested({ each: true }) @Type(() => AdjustItemDto)
  items!: AdjustItemDto[];
}

export class InventoryLevelDto {
  @ApiProperty() location_id!: string;
  @ApiProperty() sku!: string;
  @ApiProperty() on_hand!: number;
  @ApiProperty() reserved!: number;
  @ApiProperty({ description: 'on_hand − reserved' }) available!: number;
}

export class InventoryLevelsResponseDto {
  @ApiProperty() location_id!: string;
  @ApiProperty({ type: [InventoryLevelDto] }) levels!: InventoryLevelDto[];
}

export class ListInventoryQueryDto {
  @ApiPropertyOptional({ maxLength: INVENTORY_LIMITS.reference, description: 'a partner location id or a location code' })
  @IsOptional() @IsString() @MaxLength(INVENTORY_LIMITS.reference) location_id?: string;

  @ApiPropertyOptional({ maxLength: INVENTORY_LIMITS.sku }) @IsOptional() @IsString() @MaxLength(INVENTORY_LIMITS.sku) sku?: string;

  @ApiPropertyOptional({ minimum: 0, default: 0, description: 'from 0' })
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(1_000_000) page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: INVENTORY_LIMITS.pageSizeMax, default: INVENTORY_LIMITS.pageSizeDefault })
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(INVENTORY_LIMITS.pageSizeMax) page_size?: number;
}

export class InventoryPageDto {
  @ApiProperty({ type: [InventoryLevelDto] }) levels!: InventoryLevelDto[];
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
  @ApiProperty() total!: number;
}

export class LedgerQueryDto {
  @ApiPropertyOptional({ maxLength: INVENTORY_LIMITS.reference, description: 'a partner location id or a location code' })
  @IsOptional() @IsString() @MaxLength(INVENTORY_LIMITS.reference) location_id?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: INVENTORY_LIMITS.ledgerMax, default: INVENTORY_LIMITS.ledgerDefault, description: 'newest movements first' })
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(INVENTORY_LIMITS.ledgerMax) limit?: number;
}

export class LedgerCauseDto {
  @ApiProperty({ enum: ['order', 'manual'] }) kind!: string;
  @ApiProperty({ description: 'order: create, update, cancel, cancel_line_items, fulfill, unfulfill, compensation; manual: set, adjust, import' })
  operation!: string;
  @ApiPropertyOptional() order_id?: string;
  @ApiPropertyOptional({ type: [String] }) fulfillment_order_ids?: string[];
  @ApiPropertyOptional() merchant?: string;
  @ApiPropertyOptional() reason?: string;
}

export class LedgerMovementDto {
  @ApiProperty() location_id!: string;
  @ApiProperty() sku!: string;
  @ApiProperty({ description: 'the level stream revision' }) revision!: number;
  @ApiProperty({ description: 'InventoryOnHandSet, InventoryOnHandAdjusted, InventoryReserved, InventoryReleased, InventoryCommitted, InventoryRestocked' })
  type!: string;
  @ApiProperty() on_hand_delta!: number;
  @ApiProperty() reserved_delta!: number;
  @ApiProperty({ description: 'on_hand after the movement' }) on_hand!: number;
  @ApiProperty({ description: 'reserved after the movement' }) reserved!: number;
  @ApiProperty({ type: LedgerCauseDto }) cause!: LedgerCauseDto;
  @ApiProperty() actor!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

export class LedgerHolderDto {
  @ApiProperty() location_id!: string;
  @ApiProperty() order_id!: string;
  @ApiProperty({ description: 'units this order holds reserved there' }) reserved!: number;
}

export class LedgerResponseDto {
  @ApiProperty() sku!: string;
  @ApiProperty({ type: [InventoryLevelDto] }) levels!: InventoryLevelDto[];
  @ApiProperty({ type: [LedgerHolderDto], description: 'why it is reserved: the orders holding units' }) reserved_by!: LedgerHolderDto[];
  @ApiProperty({ type: [LedgerMovementDto] }) movements!: LedgerMovementDto[];
}
