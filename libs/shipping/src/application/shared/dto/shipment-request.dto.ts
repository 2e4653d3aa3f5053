import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiErrorDetail } from '@shipledger/platform';
import { Type } from 'class-transformer';
import {
  Allow, ArrayMaxSize, IsArray, IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested,
} from 'class-validator';
import { AddressDto } from './address.dto';
import {
  CarrierAccountRequestDto, CODE_MAX, DATE_ONLY, DATE_TIME_MAX, DESCRIPTION_MAX, MoneyDto, PaymentDto, PreBookingInfoDto, REFERENCE_MAX, SourceDto,
} from './common.dto';
import { IsCustomAttributes } from './custom-attributes.validator';
import { FreightDto, ItemDto, LIST_MAX, ParcelDto } from './parcel.dto';

export class ReferencesDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_order_reference?: string;
  @ApiPropertyOptional({ description: 'unique per tenant; mandatory on create' })
  @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) partner_shipment_reference?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(REFERENCE_MAX) alternate_reference?: string;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @IsString({ each: true }) @MaxLength(REFERENCE_MAX, { each: true })
  other_references?: string[];
}

export class ScheduleDto {
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() @MaxLength(DATE_TIME_MAX) scheduled_from?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() @MaxLength(DATE_TIME_MAX) scheduled_to?: string;
  @ApiPropertyOptional({ format: 'date', example: '2026-12-01' })
  @IsOptional() @IsString() @Matches(DATE_ONLY, { message: 'must be a date YYYY-MM-DD' }) @MaxLength(DATE_TIME_MAX) scheduled_date?: string;
}

/** A shipment's delivery or collection window, which may name a configured time slot. */
export class SlotScheduleDto extends ScheduleDto {
  @ApiPropertyOptional({ description: 'a configured time slot (GET /time-slots): fills scheduled_from/to from scheduled_date, or must match them' })
  @IsOptional() @IsString() @MaxLength(CODE_MAX) time_slot_id?: string;
}

export class DeliveryDto extends SlotScheduleDto {
  @ApiPropertyOptional({ example: 'STANDARD', description: 'a built-in code (STANDARD, EXPRESS, SAME_DAY, NEXT_DAY, SCHEDULED) or one of GET /delivery-types allowed for the merchant' })
  @IsOptional() @IsString() @MaxLength(CODE_MAX) delivery_type?: string;
}

export class CustomsDto {
  @ApiPropertyOptional({ type: MoneyDto }) @IsOptional() @ValidateNested() @Type(() => MoneyDto) declared_value?: MoneyDto;
  @ApiPropertyOptional({ example: 'DAP' }) @IsOptional() @IsString() @MaxLength(CODE_MAX) incoterms?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) declaration_statement?: string;
  @ApiPropertyOptional({ type: AddressDto }) @IsOptional() @ValidateNested() @Type(() => AddressDto) seller?: AddressDto;
  @ApiPropertyOptional({ type: AddressDto }) @IsOptional() @ValidateNested() @Type(() => AddressDto) buyer?: AddressDto;
  @ApiPropertyOptional({ type: AddressDto }) @IsOptional() @ValidateNested() @Type(() => AddressDto) exporter?: AddressDto;
  @ApiPropertyOptional({ type: AddressDto }) @IsOptional() @ValidateNested() @Type(() => AddressDto) importer?: AddressDto;
}

/**
 * The partial shipment request (PATCH, confirm, reprocess): every field is optional, but a body that
 * sends `references` must keep references.partner_shipment_reference.
 */
export class ShipmentRequestDto {
  static bodyRules(body: unknown): ApiErrorDetail[] {
    return identityErrors(body, false);
  }

  @ApiPropertyOptional({ description: 'mandatory on create' })
  @IsOptional() @IsString() @IsNotEmpty({ message: 'must not be blank' }) @MaxLength(REFERENCE_MAX) merchant?: string;
  @ApiPropertyOptional({ enum: ['FORWARD', 'REVERSE'] }) @IsOptional() @IsIn(['FORWARD', 'REVERSE']) entity_type?: 'FORWARD' | 'REVERSE';
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(CODE_MAX) order_type?: string;
  @ApiPropertyOptional({ type: ReferencesDto }) @IsOptional() @ValidateNested() @Type(() => ReferencesDto) references?: ReferencesDto;
  @ApiPropertyOptional({ type: SourceDto }) @IsOptional() @ValidateNested() @Type(() => SourceDto) source?: SourceDto;
  @ApiPropertyOptional({ type: CarrierAccountRequestDto })
  @IsOptional() @ValidateNested() @Type(() => CarrierAccountRequestDto) carrier_account?: CarrierAccountRequestDto;
  @ApiPropertyOptional({ type: PaymentDto }) @IsOptional() @ValidateNested() @Type(() => PaymentDto) payment?: PaymentDto;
  @ApiPropertyOptional({ type: DeliveryDto }) @IsOptional() @ValidateNested() @Type(() => DeliveryDto) delivery?: DeliveryDto;
  @ApiPropertyOptional({ type: SlotScheduleDto }) @IsOptional() @ValidateNested() @Type(() => SlotScheduleDto) collection?: SlotScheduleDto;
  @ApiPropertyOptional({ type: [ParcelDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => ParcelDto) parcels?: ParcelDto[];
  @ApiPropertyOptional({ type: [ItemDto] })
  @IsOptional() @IsArray() @ArrayMaxSize(LIST_MAX) @ValidateNested({ each: true }) @Type(() => ItemDto) items?: ItemDto[];
  @ApiPropertyOptional({ type: FreightDto }) @IsOptional() @ValidateNested() @Type(() => FreightDto) freight?: FreightDto;
  @ApiPropertyOptional({ type: CustomsDto }) @IsOptional() @ValidateNested() @Type(() => CustomsDto) customs?: CustomsDto;
  @ApiPropertyOptional({ type: AddressDto }) @IsOptional() @ValidateNested() @Type(() => AddressDto) pickup?: AddressDto;
  @ApiPropertyOptional({ type: AddressDto }) @IsOptional() @ValidateNested() @Type(() => AddressDto) dropoff?: AddressDto;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() pre_booked?: boolean;
  @ApiPropertyOptional({ type: PreBookingInfoDto })
  @IsOptional() @ValidateNested() @Type(() => PreBookingInfoDto) pre_booking_info?: PreBookingInfoDto;
  @ApiPropertyOptional({ description: 'attribute name → values; in a partial update null removes one', example: { gift_note: ['Hi'] } })
  @IsOptional() @IsObject() @IsCustomAttributes(true) custom_attributes?: Record<string, string[] | null>;
  @ApiPropertyOptional({ example: 'en' }) @IsOptional() @IsString() @MaxLength(16) language?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() @MaxLength(DATE_TIME_MAX) order_date?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() @MaxLength(DATE_TIME_MAX) estimated_process_date?: string;

  // Answered by the service: accepted so a client may send back the shipment it read (reprocess's older
  // form sends "the entire shipment"), and ignored.
  @ApiPropertyOptional({ readOnly: true }) @Allow() shipment_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() post_shipping_info?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() creation_date?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() confirmation_date?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() update_date?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() documents?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() promised_delivery_date?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() original_promised_delivery_date?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() estimated_shipping_cost?: unknown;
}

/** The whole shipment request (create, PUT): merchant and references.partner_shipment_reference are mandatory. */
export class FullShipmentRequestDto extends ShipmentRequestDto {
  static override bodyRules(body: unknown): ApiErrorDetail[] {
    return identityErrors(body, true);
  }
}

// For the OpenAPI document: required in the whole request (bodyRules enforces it with the messages clients know).
ApiProperty({ required: true, maxLength: REFERENCE_MAX })(FullShipmentRequestDto.prototype, 'merchant');
ApiProperty({ required: true, type: ReferencesDto, description: 'references.partner_shipment_reference is mandatory' })(FullShipmentRequestDto.prototype, 'references');

/**
 * The identity rules, on the body as sent. The messages are the ones clients know
 * (`partner_shipment_reference : must not be blank`). A value of the wrong type is not blank: the
 * DTO's own type check names it.
 */
function identityErrors(body: unknown, whole: boolean): ApiErrorDetail[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const { merchant, references } = body as { merchant?: unknown; references?: unknown };
  const details: ApiErrorDetail[] = [];
  if (whole && isBlank(merchant)) details.push({ field: 'merchant', message: 'must not be blank' });
  const referencesRequired = whole || references !== undefined;
  const holder = references === null || references === undefined ? {} : references;
  if (referencesRequired && typeof holder === 'object' && !Array.isArray(holder)
    && isBlank((holder as { partner_shipment_reference?: unknown }).partner_shipment_reference)) {
    details.push({ field: 'partner_shipment_reference', message: 'must not be blank' });
  }
  return details;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The fields above that a request may carry but never changes. */
export const READ_ONLY_SHIPMENT_FIELDS = [
  'shipment_id', 'post_shipping_info', 'creation_date', 'confirmation_date', 'update_date', 'documents',
  'promised_delivery_date', 'original_promised_delivery_date', 'estimated_shipping_cost',
] as const;
