import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ATTRIBUTE_ENTITY_TYPES, ATTRIBUTE_TYPES } from '../../domain';

/** Response shapes for the OpenAPI document (the bodies themselves come from toConfigurationResponse). */
export class LocationResponseDto {
  @ApiProperty() location_id!: string;
  @ApiProperty() location_name!: string;
  @ApiPropertyOptional() location_code?: string;
  @ApiProperty() contact_name!: string;
  @ApiProperty() contact_phone!: string;
  @ApiPropertyOptional() alternate_phone?: string;
  @ApiPropertyOptional() contact_email?: string;
  @ApiProperty() address1!: string;
  @ApiPropertyOptional() address2?: string;
  @ApiProperty() city!: string;
  @ApiPropertyOptional() state?: string;
  @ApiPropertyOptional() postcode?: string;
  @ApiProperty() country!: string;
  @ApiPropertyOptional({ example: '25.2048,55.2708' }) coords?: string;
  @ApiPropertyOptional() three_words_address?: string;
  @ApiPropertyOptional({ enum: ['business', 'residential'] }) type?: string;
  @ApiPropertyOptional() storefront_location_id?: string;
  @ApiProperty({ type: [String] }) merchants!: string[];
  @ApiProperty() deleted!: boolean;
}

export class DeliveryTypeResponseDto {
  @ApiProperty() delivery_type_id!: string;
  @ApiProperty() code!: string;
  @ApiProperty({ type: [String] }) merchants!: string[];
  @ApiProperty() deleted!: boolean;
}

export class OrderTypeResponseDto {
  @ApiProperty() id!: string;
  @ApiProperty() code!: string;
  @ApiProperty({ type: [String] }) merchants!: string[];
  @ApiProperty() deleted!: boolean;
}

export class TimeSlotResponseDto {
  @ApiProperty() time_slot_id!: string;
  @ApiProperty({ example: '09:00' }) from!: string;
  @ApiProperty({ example: '13:00' }) to!: string;
  @ApiProperty() deleted!: boolean;
}

export class AttributeResponseDto {
  @ApiProperty() custom_attribute_id!: string;
  @ApiProperty() attribute_name!: string;
  @ApiProperty({ enum: ATTRIBUTE_TYPES }) attribute_type!: string;
  @ApiProperty({ enum: ATTRIBUTE_ENTITY_TYPES }) attribute_entity_type!: string;
  @ApiPropertyOptional({ type: [String] }) allowed_values?: string[];
  @ApiProperty({ type: [String] }) merchants!: string[];
  @ApiProperty() deleted!: boolean;
}
