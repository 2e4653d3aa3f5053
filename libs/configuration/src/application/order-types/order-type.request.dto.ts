import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CODE_MAX, Merchants, RequiredString } from '../shared/dto/fields';

/** POST and PUT /order-types; a PUT never changes `code` (it must still be sent). */
export class OrderTypeRequestDto {
  @RequiredString(CODE_MAX, 'B2B') code!: string;
  @Merchants() merchants?: string[];
  @ApiPropertyOptional({ readOnly: true }) @Allow() id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() deleted?: unknown;
}
