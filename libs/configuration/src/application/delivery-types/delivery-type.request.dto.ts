import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CODE_MAX, Merchants, RequiredString } from '../shared/dto/fields';

/** POST and PUT /delivery-types; a PUT never changes `code` (it must still be sent). */
export class DeliveryTypeRequestDto {
  @RequiredString(CODE_MAX, 'NEXT_DAY_EVENING') code!: string;
  @Merchants() merchants?: string[];
  @ApiPropertyOptional({ readOnly: true }) @Allow() delivery_type_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() deleted?: unknown;
}
