import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow, ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min,
  ValidateNested,
} from 'class-validator';
import { RequiredString, ValidatedBy } from '@shipledger/platform';
import { SHIPMENT_STATUSES } from '@shipledger/shipping';

import {
  HEADER_NAME_PATTERN, ORDER_TRIGGERS, reservedHeaderNames, WEBHOOK_ENTITY_TYPES, WEBHOOK_LIMITS, WEBHOOK_STATUSES,
  type AddressFilter, type WebhookEntityType, type WebhookStatus,
} from '../../domain';

const L = WEBHOOK_LIMITS;

/** notify_status names shipment statuses (status triggers) and order triggers (ORDER_CREATE, …). */
const NOTIFY_STATUS_VALUES: readonly string[] = [...SHIPMENT_STATUSES, ...ORDER_TRIGGERS];

function OptionalFlag(): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional({ type: Boolean, default: false }), IsOptional(), IsBoolean());
}

function OptionalIds(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description: 'comma-separated partner location ids; the shipment\'s must be one of them', maxLength: L.headerValue }),
    IsOptional(), IsString(), MaxLength(L.headerValue),
  );
}

/** Static headers: at most 20, names HTTP tokens and not one the delivery sets itself, values ≤ 1000 printable characters. */
function StaticHeaders(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, example: { 'x-shop': 'A' } }),
    IsOptional(),
    ValidatedBy('staticHeaders', (value) => headersProblem(value) === undefined, (args) => headersProblem(args.value) ?? 'is invalid'),
  );
}

function headersProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object of header names to string values';
  const entries = Object.entries(value);
  if (entries.length > L.headers) return `must have at most ${L.headers} headers`;
  const reserved = reservedHeaderNames(value as Record<string, string>);
  if (reserved.length > 0) return `must not set ${reserved.map((name) => name.toLowerCase()).join(', ')}: the delivery sets it`;
  for (const [name, headerValue] of entries) {
    if (!HEADER_NAME_PATTERN.test(name)) return `has a header name that is not an HTTP token: ${JSON.stringify(name.slice(0, 100))}`;
    if (typeof headerValue !== 'string' || headerValue.length > L.headerValue || !/^[\t\x20-\x7e]*$/.test(headerValue)) {
      return `${name} must be a string of at most ${L.headerValue} printable ASCII characters`;
    }
  }
  return undefined;
}

/** A pickup or dropoff filter: at most 20 address fields, each one value or a list of at most 100 values. */
function AddressFilterField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { country: ['AE', 'SA'] }, description: 'address field → allowed value(s); all must match' }),
    IsOptional(),
    ValidatedBy('addressFilter', (value) => addressFilterProblem(value) === undefined, (args) => addressFilterProblem(args.value) ?? 'is invalid'),
  );
}

function addressFilterProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object of address fields to values';
  const entries = Object.entries(value);
  if (entries.length > L.filterKeys) return `must name at most ${L.filterKeys} address fields`;
  for (const [field, allowed] of entries) {
    if (!/^[a-z][a-z0-9_]{0,63}$/.test(field)) return `has a field name that is not an address field: ${JSON.stringify(field.slice(0, 64))}`;
    const values = Array.isArray(allowed) ? allowed : [allowed];
    if (values.length === 0 || values.length > L.listItems) return `${field} must have 1 to ${L.listItems} values`;
    if (values.some((item) => typeof item !== 'string' || item.length > L.name)) return `${field} values must be strings of at most ${L.name} characters`;
  }
  return undefined;
}

export class CustomConditionDto {
  @ApiProperty({ example: 'carrier_account.carrier', maxLength: 200 })
  @IsString() @IsNotEmpty() @MaxLength(200) path!: string;

  @ApiProperty({ type: [String], example: ['SANDBOX'], maxItems: L.listItems })
  @IsArray() @ArrayMaxSize(L.listItems) @IsString({ each: true }) @MaxLength(L.name, { each: true }) values!: string[];
}

/** POST and PUT /webhooks (PUT sets these and clears the rest). */
export class WebhookConfigurationRequestDto {
  @RequiredString(L.name, 'Shop A status updates') config_name!: string;
  @RequiredString(L.url, 'https://hooks.example.com/shipledger') url!: string;
  @ApiPropertyOptional({ enum: WEBHOOK_STATUSES, default: 'ACTIVE' }) @IsOptional() @IsIn(WEBHOOK_STATUSES) status?: WebhookStatus;
  @ApiPropertyOptional({ enum: WEBHOOK_ENTITY_TYPES }) @IsOptional() @IsIn(WEBHOOK_ENTITY_TYPES) entity_type?: WebhookEntityType;
  @StaticHeaders() headers?: Record<string, string>;
  @ApiPropertyOptional({ type: [String], maxItems: L.listItems, description: 'merchants whose shipments it receives; empty = all' })
  @IsOptional() @IsArray() @ArrayMaxSize(L.listItems) @IsString({ each: true }) @MaxLength(L.name, { each: true }) merchants?: string[];
  @AddressFilterField() pickup?: AddressFilter;
  @AddressFilterField() dropoff?: AddressFilter;
  @OptionalIds() pickup_partner_location_ids?: string;
  @OptionalIds() dropoff_partner_location_ids?: string;
  @ApiPropertyOptional({ type: [CustomConditionDto], maxItems: L.customConditions })
  @IsOptional() @IsArray() @ArrayMaxSize(L.customConditions) @IsObject({ each: true }) @ValidateNested({ each: true }) @Type(() => CustomConditionDto)
  custom_conditions?: CustomConditionDto[];
  @OptionalFlag() notify_label_update?: boolean;
  @OptionalFlag() notify_service_label_update?: boolean;
  @OptionalFlag() notify_rma_received_items?: boolean;
  @OptionalFlag() notify_rma_returned_items?: boolean;
  @ApiPropertyOptional({ type: [String], enum: NOTIFY_STATUS_VALUES, description: 'shipment statuses and order triggers that cause a delivery' })
  @IsOptional() @IsArray() @ArrayMaxSize(NOTIFY_STATUS_VALUES.length) @IsIn(NOTIFY_STATUS_VALUES, { each: true }) notify_status?: string[];
  @ApiPropertyOptional({ description: 'minutes before the first retry (then ×3, ×5, …; default 1)', minimum: L.retryFrequencyMinutes.min, maximum: L.retryFrequencyMinutes.max })
  @IsOptional() @IsInt() @Min(L.retryFrequencyMinutes.min) @Max(L.retryFrequencyMinutes.max) initial_retry_frequency?: number;
  @ApiPropertyOptional({ description: 'retries after the first attempt (default 3)', minimum: L.retryCount.min, maximum: L.retryCount.max })
  @IsOptional() @IsInt() @Min(L.retryCount.min) @Max(L.retryCount.max) max_retry_count?: number;
  @OptionalFlag() internal?: boolean;
  @ApiPropertyOptional({ readOnly: true, description: 'answered by the service; ignored in a request' }) @Allow() config_id?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'answered by the service; ignored in a request' }) @Allow() update_date?: unknown;
}

/** POST /webhooks/{id}/rotate-secret. */
export class RotateSecretRequestDto {
  @ApiPropertyOptional({ description: 'seconds the previous secret keeps signing (default 86400, at most 7 days)', minimum: 0, maximum: 604800 })
  @IsOptional() @IsInt() @Min(0) @Max(604800) overlap_seconds?: number;
}
