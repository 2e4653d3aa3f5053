import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { queryList } from '@shipledger/platform';
import { MANIFEST_STATUSES, type ManifestStatus } from '../../domain';

const asArray = ({ value }: { value: unknown }) => (value === undefined ? undefined : queryList(value));

/** GET /manifests: the paging and filters of GET /shipments, plus status and carrier_account. */
export class ListManifestsQueryDto {
  @ApiPropertyOptional({ type: [String], description: 'repeatable or comma-separated' })
  @IsOptional() @Transform(asArray) @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) @MaxLength(100, { each: true })
  merchant?: string[];

  @ApiPropertyOptional({ enum: MANIFEST_STATUSES, description: 'default: every status but deleted' })
  @IsOptional() @IsIn(MANIFEST_STATUSES as unknown as string[]) status?: ManifestStatus;

  @ApiPropertyOptional({ maxLength: 100 }) @IsOptional() @IsString() @MaxLength(100) carrier_account?: string;

  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() @MaxLength(40) creation_date_from?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() @MaxLength(40) creation_date_to?: string;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(1_000_000) page?: number;

  @ApiPropertyOptional({ minimum: 10, maximum: 100, default: 10 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(10) @Max(100) page_size?: number;
}
