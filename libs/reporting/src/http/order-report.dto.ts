import { ApiProperty } from '@nestjs/swagger';
import { ORDER_STATUSES } from '@shipledger/ordering';

/*
 * The order reports' answers, for the OpenAPI document (the end-to-end client checks every real answer
 * against it). JSON only: with `Accept: text/csv` the same rows come as CSV.
 */

/** The filter a report applied, its defaults filled in. */
export class AppliedReportFilterDto {
  @ApiProperty({ format: 'date' }) from!: string;
  @ApiProperty({ format: 'date' }) to!: string;
  @ApiProperty({ example: 'UTC' }) time_zone!: string;
  @ApiProperty({ oneOf: [{ type: 'string', enum: ['*'] }, { type: 'array', items: { type: 'string' } }], description: "'*' (every merchant the client may see) or the merchants read" })
  merchants!: string[] | '*';
  @ApiProperty({ type: [String], description: 'always empty for the order reports (orders have no carrier account)' })
  carrier_accounts!: string[];
}

export class OrdersPerStatusRowDto {
  @ApiProperty({ format: 'date', description: 'day of creation (OrderCreated) in time_zone' }) date!: string;
  @ApiProperty({ type: String, nullable: true }) merchant!: string | null;
  @ApiProperty({ description: 'orders created that day' }) created!: number;
  @ApiProperty({ description: 'of them, open now' }) open!: number;
  @ApiProperty() partially_allocated!: number;
  @ApiProperty() allocated!: number;
  @ApiProperty() partially_fulfilled!: number;
  @ApiProperty() fulfilled!: number;
  @ApiProperty() closed!: number;
  @ApiProperty() cancelled!: number;
}

export class OrdersPerStatusReportDto {
  @ApiProperty({ enum: ['orders-per-status'] }) report!: string;
  @ApiProperty({ type: AppliedReportFilterDto }) filter!: AppliedReportFilterDto;
  @ApiProperty({ type: [OrdersPerStatusRowDto], description: `per day and merchant; statuses: ${ORDER_STATUSES.join(', ')}` })
  rows!: OrdersPerStatusRowDto[];
}

export class OrderToShipmentRowDto {
  @ApiProperty({ type: String, nullable: true }) merchant!: string | null;
  @ApiProperty({ description: 'orders created in the period' }) orders!: number;
  @ApiProperty({ description: 'of them, those that asked for a shipment (fulfilled or shipped with one)' }) shipped!: number;
  @ApiProperty({ description: 'without a shipment yet, and neither cancelled nor closed' }) awaiting!: number;
  @ApiProperty({ description: 'cancelled or closed without ever asking for a shipment' }) without_shipment!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'seconds from creation to the first shipment (within 1.99 %)' }) p50!: number | null;
  @ApiProperty({ type: Number, nullable: true }) p90!: number | null;
  @ApiProperty({ type: Number, nullable: true }) p99!: number | null;
}

export class OrderToShipmentReportDto {
  @ApiProperty({ enum: ['order-to-shipment'] }) report!: string;
  @ApiProperty({ type: AppliedReportFilterDto }) filter!: AppliedReportFilterDto;
  @ApiProperty({ type: [OrderToShipmentRowDto], description: 'per merchant' }) rows!: OrderToShipmentRowDto[];
}
