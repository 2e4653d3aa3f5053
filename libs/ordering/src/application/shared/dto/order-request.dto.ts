import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested,
} from 'class-validator';
import { EmptyListAsObject, LIST_MAX, REFERENCE_MAX } from './dto-helpers';
import {
  FoDeliveryDto, LineItemDto, LineItemQuantityDto, ObjectList, OrderAddressDto, OrderPaymentDto, RequestSourceDto,
} from './order-fields.dto';

/** FO request (create). */
export class FulfillmentOrderRequestDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_fulfillment_order_reference?: string;
  @ApiPropertyOptional({ description: 'a partner location id, or a location code of the merchant' })
  @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) location_id?: string;
  @ApiPropertyOptional({ type: FoDeliveryDto }) @IsOptional() @EmptyListAsObject(FoDeliveryDto) @ValidateNested() @Type(() => FoDeliveryDto) delivery?: FoDeliveryDto;
  @ApiPropertyOptional({ type: [Object] }) @ObjectList() service_metadata?: Record<string, unknown>[];
  @ApiProperty({ type: [LineItemQuantityDto] })
  @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => LineItemQuantityDto) line_items!: LineItemQuantityDto[];
}

/** Update FO request: matched by id, then by partner reference; otherwise created. */
export class UpdateFulfillmentOrderRequestDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) fulfillment_order_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_fulfillment_order_reference?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) location_id?: string;
  @ApiPropertyOptional({ type: FoDeliveryDto }) @IsOptional() @EmptyListAsObject(FoDeliveryDto) @ValidateNested() @Type(() => FoDeliveryDto) delivery?: FoDeliveryDto;
  @ApiPropertyOptional({ type: [Object] }) @ObjectList() service_metadata?: Record<string, unknown>[];
  @ApiPropertyOptional({ type: [LineItemQuantityDto], description: 'only open and allocated items; the others are kept' })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => LineItemQuantityDto) line_items?: LineItemQuantityDto[];
}

/** The order fields create and update share (all optional here). */
export class OrderFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty({ message: 'must not be blank' }) @MaxLength(REFERENCE_MAX) partner_order_reference?: string;
  @ApiPropertyOptional({ example: 'en' }) @IsOptional() @IsString() @MaxLength(16) language?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601({}, { message: 'must be an ISO 8601 date-time' }) order_date?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) sales_channel?: string;
  @ApiPropertyOptional({ type: [Object] }) @ObjectList() service_metadata?: Record<string, unknown>[];
  @ApiPropertyOptional({ type: OrderAddressDto }) @IsOptional() @EmptyListAsObject(OrderAddressDto) @ValidateNested() @Type(() => OrderAddressDto) shipping_address?: OrderAddressDto;
  @ApiPropertyOptional({ type: OrderAddressDto }) @IsOptional() @EmptyListAsObject(OrderAddressDto) @ValidateNested() @Type(() => OrderAddressDto) billing_address?: OrderAddressDto;
  @ApiPropertyOptional({ type: OrderAddressDto }) @IsOptional() @EmptyListAsObject(OrderAddressDto) @ValidateNested() @Type(() => OrderAddressDto) customer?: OrderAddressDto;
  @ApiPropertyOptional({ type: OrderPaymentDto }) @IsOptional() @EmptyListAsObject(OrderPaymentDto) @ValidateNested() @Type(() => OrderPaymentDto) payment?: OrderPaymentDto;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() taxes_included?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() duties_included?: boolean;
  @ApiPropertyOptional({ type: [Object] }) @ObjectList() discount_applications?: Record<string, unknown>[];
  @ApiPropertyOptional({ type: [Object] }) @ObjectList() shipping_lines?: Record<string, unknown>[];
}

export class CreateOrderRequestDto extends OrderFieldsDto {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'must not be blank' }) @MaxLength(REFERENCE_MAX) merchant!: string;
  @ApiPropertyOptional({ type: RequestSourceDto }) @IsOptional() @EmptyListAsObject(RequestSourceDto) @ValidateNested() @Type(() => RequestSourceDto) creation_source?: RequestSourceDto;
  @ApiProperty({ type: [LineItemDto] })
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => LineItemDto) line_items!: LineItemDto[];
  @ApiPropertyOptional({ type: [FulfillmentOrderRequestDto], description: 'omit for automatic allocation' })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => FulfillmentOrderRequestDto) fulfillment_orders?: FulfillmentOrderRequestDto[];
}

export class UpdateOrderRequestDto extends OrderFieldsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty({ message: 'must not be blank' }) @MaxLength(REFERENCE_MAX) merchant?: string;
  @ApiPropertyOptional({ type: RequestSourceDto }) @IsOptional() @EmptyListAsObject(RequestSourceDto) @ValidateNested() @Type(() => RequestSourceDto) update_source?: RequestSourceDto;
  @ApiPropertyOptional({ type: [LineItemDto], description: 'replaces all line items' })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => LineItemDto) line_items?: LineItemDto[];
  @ApiPropertyOptional({ type: [UpdateFulfillmentOrderRequestDto], description: 'replaces all FOs (rule 2)' })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => UpdateFulfillmentOrderRequestDto) fulfillment_orders?: UpdateFulfillmentOrderRequestDto[];
}
