import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDateString, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { FullShipmentRequestDto } from '@shipledger/shipping';

/** Bounds of evaluate and backtest (docs/limits.md). */
export const BACKTEST_LIMITS = { maxShipments: 200_000, batchSize: 1_000, maxDays: 366, sampleMax: 100, sampleDefault: 20 } as const;

/** POST /automation-rulesets/evaluate: a shipment body or the id (or reference) of one, and when. */
export class EvaluateRoutingDto {
  @ApiPropertyOptional({ description: 'shipment id or partner_shipment_reference of a stored shipment', maxLength: 250 })
  @IsOptional() @IsString() @MaxLength(250) shipment_id?: string;
  @ApiPropertyOptional({ type: FullShipmentRequestDto, description: 'a shipment body as POST /shipments takes it' })
  @IsOptional() @ValidateNested() @Type(() => FullShipmentRequestDto) shipment?: FullShipmentRequestDto;
  @ApiPropertyOptional({ description: 'the instant days and times are judged at (default: now)', example: '2026-11-24T10:00:00.000Z' })
  @IsOptional() @IsDateString({ strict: true }) @MaxLength(35) at?: string;
}

/** POST /automation-rulesets/{id}/backtest: the creation-date range of the shipments replayed. */
export class BacktestDto {
  @ApiProperty({ example: '2026-11-01T00:00:00.000Z', description: 'inclusive' }) @IsDateString({ strict: true }) @MaxLength(35) from!: string;
  @ApiProperty({ example: '2026-12-01T00:00:00.000Z', description: 'exclusive; at most 366 days after from' }) @IsDateString({ strict: true }) @MaxLength(35) to!: string;
  @ApiPropertyOptional({ minimum: 0, maximum: BACKTEST_LIMITS.sampleMax, default: BACKTEST_LIMITS.sampleDefault })
  @IsOptional() @IsInt() @Min(0) @Max(BACKTEST_LIMITS.sampleMax) sample_size?: number;
}

export class ConditionResultDto {
  @ApiProperty() condition!: string;
  @ApiProperty() matched!: boolean;
  @ApiProperty() reason!: string;
}

export class RuleEvaluationDto {
  @ApiProperty() rule_set_id!: string;
  @ApiProperty() rule_set_name!: string;
  @ApiProperty() rule_id!: string;
  @ApiProperty() rule_name!: string;
  @ApiProperty() sequence!: number;
  @ApiProperty() matched!: boolean;
  @ApiProperty({ type: [ConditionResultDto] }) conditions!: ConditionResultDto[];
}

export class AccountPriceDto {
  @ApiProperty() carrier_account_id!: string;
  @ApiPropertyOptional() amount?: number;
  @ApiPropertyOptional() currency?: string;
  @ApiPropertyOptional() error?: string;
}

export class RoutingChoiceDto {
  @ApiProperty() rule_set_id!: string;
  @ApiProperty() rule_id!: string;
  @ApiProperty() rule_name!: string;
  @ApiProperty({ nullable: true, type: String, description: 'the account booking would use (the first active of carrier_account_ids)' }) carrier_account_id!: string | null;
  @ApiProperty({ type: [String] }) carrier_account_ids!: string[];
  @ApiPropertyOptional({ enum: ['CHEAPEST_CARRIER'] }) carrier_choice?: string;
  @ApiPropertyOptional({ type: [AccountPriceDto] }) prices?: AccountPriceDto[];
}

export class RoutingEvaluationResponseDto {
  @ApiPropertyOptional() shipment_id?: string;
  @ApiProperty({ enum: ['routed', 'unmatched', 'not_configured'], description: 'not_configured: no ACTIVE ruleset; booking takes the oldest active account' })
  outcome!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ type: [String] }) rulesets!: string[];
  @ApiProperty({ type: [RuleEvaluationDto], description: 'every active rule of the applying rulesets, in evaluation order' }) evaluations!: RuleEvaluationDto[];
  @ApiPropertyOptional({ type: RoutingChoiceDto }) chosen?: RoutingChoiceDto;
}

export class BacktestChangeDto {
  @ApiProperty({ nullable: true, type: String }) from_carrier_account_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) to_carrier_account_id!: string | null;
  @ApiProperty() count!: number;
}

export class BacktestSampleDto {
  @ApiProperty() shipment_id!: string;
  @ApiProperty() creation_date!: string;
  @ApiProperty({ nullable: true, type: String }) from_carrier_account_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) to_carrier_account_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) rule_set_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) rule_id!: string | null;
}

export class BacktestResponseDto {
  @ApiProperty() rule_set_id!: string;
  @ApiProperty() from!: string;
  @ApiProperty() to!: string;
  @ApiProperty({ description: 'shipments replayed (read model, oldest first)' }) shipments!: number;
  @ApiProperty({ description: `true when the range held more than ${BACKTEST_LIMITS.maxShipments} shipments (the first ones were replayed)` }) truncated!: boolean;
  @ApiProperty({ description: 'shipments whose account would change' }) changed!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty({ description: 'shipments no rule would route (no_carrier_assigned)' }) unmatched!: number;
  @ApiProperty({ description: 'shipments a rule of this ruleset would route' }) routed_by_ruleset!: number;
  @ApiProperty({ description: 'of those routed, by a CHEAPEST_CARRIER rule: counted with its first listed account (rates are not replayed)' }) cheapest_carrier!: number;
  @ApiProperty({ type: [BacktestChangeDto], description: 'old → new account, most frequent first' }) changes!: BacktestChangeDto[];
  @ApiProperty({ type: [BacktestSampleDto] }) sample!: BacktestSampleDto[];
  @ApiProperty() duration_ms!: number;
}
