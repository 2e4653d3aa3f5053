import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MANIFEST_STATUSES, type ManifestState, type ManifestStatus } from '../../domain';

export class ManifestShipmentDto {
  @ApiProperty() shipment_id!: string;
  @ApiPropertyOptional() partner_shipment_reference?: string;
  @ApiPropertyOptional() tracking_no?: string;
  @ApiProperty() parcel_count!: number;
  @ApiProperty() weight_kg!: number;
}

export class ManifestTotalsDto {
  @ApiProperty() shipments!: number;
  @ApiProperty() parcels!: number;
  @ApiProperty() weight_kg!: number;
}

export class ManifestErrorDetailDto {
  @ApiProperty() code!: string;
  @ApiProperty() message!: string;
}

export class ManifestResponseDto {
  @ApiProperty() manifest_id!: string;
  @ApiProperty({ enum: MANIFEST_STATUSES }) status!: ManifestStatus;
  @ApiProperty() merchant!: string;
  @ApiProperty({ description: 'the carrier account id' }) carrier_account!: string;
  @ApiProperty() carrier!: string;
  @ApiProperty() carrier_account_name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'the carrier\'s reference once it accepted the manifest' })
  carrier_manifest_reference!: string | null;
  @ApiProperty({ description: 'partner_location_id of the shared pickup, or its address as one line' }) pickup!: string;
  @ApiPropertyOptional({ format: 'date-time' }) pickup_schedule_from?: string;
  @ApiPropertyOptional({ format: 'date-time' }) pickup_schedule_to?: string;
  @ApiPropertyOptional({ format: 'date' }) ship_manifest_date?: string;
  @ApiProperty({ type: [String] }) shipment_ids!: string[];
  @ApiProperty({ type: [ManifestShipmentDto] }) shipments!: ManifestShipmentDto[];
  @ApiProperty({ type: ManifestTotalsDto }) totals!: ManifestTotalsDto;
  @ApiProperty({ type: [ManifestErrorDetailDto] }) error_details!: ManifestErrorDetailDto[];
  @ApiProperty({ description: 'signed link to the PDF hand-over list (no bearer token needed)' }) manifest_document_url!: string;
  @ApiProperty({ format: 'date-time' }) creation_date!: string;
  @ApiProperty({ format: 'date-time' }) update_date!: string;
  @ApiPropertyOptional({ format: 'date-time' }) shipped_date?: string;
}

/** The answer of cancel, retry and ship (the silent doc: "{}-style objects"). */
export class ManifestActionResponseDto {
  @ApiProperty() manifest_id!: string;
  @ApiProperty({ enum: MANIFEST_STATUSES }) status!: ManifestStatus;
  @ApiProperty({ type: String, nullable: true }) carrier_manifest_reference!: string | null;
  @ApiProperty({ type: [ManifestErrorDetailDto] }) error_details!: ManifestErrorDetailDto[];
}

class ShippedShipmentDto {
  @ApiProperty() shipment_id!: string;
  @ApiProperty({ description: 'the shipment\'s status after the move (shipped, or why it could not move)' }) status!: string;
}

export class ManifestShipResponseDto extends ManifestActionResponseDto {
  @ApiProperty({ type: [ShippedShipmentDto] }) shipments!: ShippedShipmentDto[];
}

export function toManifestResponse(state: ManifestState, documentUrl: string): ManifestResponseDto {
  const parcels = state.shipments.reduce((sum, s) => sum + s.parcel_count, 0);
  const weight = Math.round(state.shipments.reduce((sum, s) => sum + s.weight_kg, 0) * 1000) / 1000;
  return {
    manifest_id: state.manifest_id,
    status: state.status,
    merchant: state.merchant,
    carrier_account: state.carrier_account_id,
    carrier: state.carrier,
    carrier_account_name: state.carrier_account_name,
    carrier_manifest_reference: state.carrier_manifest_reference ?? null,
    pickup: state.pickup,
    ...(state.pickup_schedule_from ? { pickup_schedule_from: state.pickup_schedule_from } : {}),
    ...(state.pickup_schedule_to ? { pickup_schedule_to: state.pickup_schedule_to } : {}),
    ...(state.ship_manifest_date ? { ship_manifest_date: state.ship_manifest_date } : {}),
    shipment_ids: state.shipments.map((s) => s.shipment_id),
    shipments: state.shipments.map((s) => ({ ...s })),
    totals: { shipments: state.shipments.length, parcels, weight_kg: weight },
    error_details: state.error_details,
    manifest_document_url: documentUrl,
    creation_date: state.creation_date,
    update_date: state.update_date,
    ...(state.shipped_date ? { shipped_date: state.shipped_date } : {}),
  };
}

export function toActionResponse(state: ManifestState): ManifestActionResponseDto {
  return {
    manifest_id: state.manifest_id, status: state.status,
    carrier_manifest_reference: state.carrier_manifest_reference ?? null, error_details: state.error_details,
  };
}
