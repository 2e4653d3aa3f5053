import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested,
} from 'class-validator';
import { CANCELLATION_REASONS, BULK_IMPORT_LIMIT, type CancellationReason } from '../../../domain/order';
import { LIST_MAX, REFERENCE_MAX } from './dto-helpers';
import { LineItemQuantityDto, ObjectList } from './order-fields.dto';

const lineItems = () => [IsArray(), ArrayMaxSize(LIST_MAX), ValidateNested({ each: true }), Type(() => LineItemQuantityDto)];
function apply(decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

/** The shipment configuration of fulfill and ship: passed to the shipping context as given. */
export class ShipmentConfigurationDto {
  @ApiPropertyOptional({ description: '{carrier_id} or {carrier_account_name}' }) @IsOptional() @IsObject() carrier_account?: Record<string, unknown>;
  @ApiPropertyOptional({ type: [Object] }) @ObjectList() parcels?: Record<string, unknown>[];
  @ApiPropertyOptional() @IsOptional() @IsObject() delivery?: Record<string, unknown>;
  @ApiPropertyOptional() @IsOptional() @IsObject() payment?: Record<string, unknown>;
  @ApiPropertyOptional() @IsOptional() @IsObject() pre_booking_info?: Record<string, unknown>;
}

export class CreateFulfillmentRequestDto extends ShipmentConfigurationDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_fulfillment_reference?: string;
  @ApiPropertyOptional({ type: [LineItemQuantityDto], description: 'omit to fulfill all pending items' })
  @IsOptional() @apply(lineItems()) line_items?: LineItemQuantityDto[];
}

export class ShipRequestDto extends ShipmentConfigurationDto {
  @ApiProperty({ type: [LineItemQuantityDto] }) @ArrayMinSize(1) @apply(lineItems()) line_items!: LineItemQuantityDto[];
}

export class UnfulfillRequestDto {
  @ApiProperty({ type: [String] })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(LIST_MAX) @IsString({ each: true }) @IsNotEmpty({ each: true }) fulfillment_ids!: string[];
  @ApiPropertyOptional({ description: 'when given, must be the FO\'s own' }) @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_fulfillment_order_reference?: string;
}

export class FoReferenceDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) fulfillment_order_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_fulfillment_order_reference?: string;
}

export class MergeSourceDto extends FoReferenceDto {
  @ApiPropertyOptional({ type: [LineItemQuantityDto], description: 'omit to merge all' }) @IsOptional() @apply(lineItems()) line_items?: LineItemQuantityDto[];
}

export class MergeRequestDto {
  @ApiProperty({ type: MergeSourceDto }) @ValidateNested() @Type(() => MergeSourceDto) source!: MergeSourceDto;
  @ApiProperty({ type: FoReferenceDto }) @ValidateNested() @Type(() => FoReferenceDto) destination!: FoReferenceDto;
}

export class SplitRequestDto {
  @ApiProperty({ type: [LineItemQuantityDto] }) @ArrayMinSize(1) @apply(lineItems()) line_items!: LineItemQuantityDto[];
  @ApiPropertyOptional({ description: 'a partner location id or a location code; default: the original FO\'s' })
  @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) location_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_fulfillment_order_reference?: string;
}

export class CancelLineItemsRequestDto {
  @ApiProperty({ enum: CANCELLATION_REASONS }) @IsIn(CANCELLATION_REASONS) cancellation_reason!: CancellationReason;
  @ApiProperty({ type: [LineItemQuantityDto] }) @ArrayMinSize(1) @apply(lineItems()) line_items!: LineItemQuantityDto[];
}

export class UpdateLocationRequestDto {
  @ApiProperty({ description: 'a partner location id, or a location code of the merchant' })
  @IsString() @IsNotEmpty({ message: 'must not be blank' }) @MaxLength(REFERENCE_MAX) location_id!: string;
}

export class FulfillmentReferenceDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(REFERENCE_MAX) fulfillment_id!: string;
  @ApiProperty() @IsString() @MaxLength(REFERENCE_MAX) partner_fulfillment_reference!: string;
}

export class UpdateDetailsRequestDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_fulfillment_order_reference?: string;
  @ApiPropertyOptional({ type: [FulfillmentReferenceDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => FulfillmentReferenceDto) fulfillments?: FulfillmentReferenceDto[];
}

export class CancelOrderRequestDto {
  @ApiPropertyOptional({ enum: CANCELLATION_REASONS, description: 'default OTHER' })
  @IsOptional() @IsIn(CANCELLATION_REASONS) cancellation_reason?: CancellationReason;
}

export class BulkImportRequestDto {
  @ApiProperty({ type: [Object], maxItems: BULK_IMPORT_LIMIT, description: 'create order requests, each validated on its own' })
  @IsArray() @ArrayMaxSize(BULK_IMPORT_LIMIT) @IsObject({ each: true }) order_requests!: Record<string, unknown>[];
}
