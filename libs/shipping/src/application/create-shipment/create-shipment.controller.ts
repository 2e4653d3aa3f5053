import { Body, Controller, HttpCode, Post, Query, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiError, CurrentAuth, CurrentIdempotencyClaim, type IdempotencyClaim, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { FullShipmentRequestDto } from '../shared/dto/shipment-request.dto';
import { commandMetaFrom } from '../shared/command-meta';
import { MerchantAccess } from '../shared/merchant-access';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { ConfiguredReferences } from '../shared/configured-references';
import { toShipmentContent } from '../shared/shipment-request.mapper';
import { toShipmentResponse } from '../shared/shipment-response';
import { CreateShipmentCommand } from './create-shipment.handler';

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class CreateShipmentController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly merchants: MerchantAccess,
    private readonly references: ConfiguredReferences,
  ) {}

  @Post()
  @HttpCode(200)
  @RequireScopes('create:shipments')
  @ApiOperation({ summary: 'Create a shipment: a draft (draft=true), confirmed (booking requested at once) or prebooked' })
  @ApiQuery({ name: 'draft', required: false, type: Boolean })
  @ApiOkResponse({ description: 'the shipment; a failed booking validation still answers 200 with status error' })
  async create(
    @CurrentAuth() auth: AuthContext,
    @Body() body: FullShipmentRequestDto,
    @Query('draft') draft?: string,
    @CurrentIdempotencyClaim() idempotency?: IdempotencyClaim,
  ): Promise<Record<string, unknown>> {
    const given = toShipmentContent(body);
    await this.merchants.check(auth, given.merchant);
    const content = await this.references.resolveOrRefuse(auth.tenantId, given.merchant, given);
    const state = await this.commandBus.execute(new CreateShipmentCommand(
      {
        tenantId: auth.tenantId,
        content,
        draft: parseDraft(draft),
        idempotency: idempotency && { key: idempotency.key, requestHash: idempotency.requestHash },
      },
      commandMetaFrom(auth),
    ));
    return toShipmentResponse(state);
  }
}

/** `true`/`false`, any case, or PHP's `1`/`0`. */
function parseDraft(value: string | undefined): boolean {
  const normalised = value?.trim().toLowerCase();
  if (normalised === undefined || normalised === '' || normalised === 'false' || normalised === '0') return false;
  if (normalised === 'true' || normalised === '1') return true;
  throw ApiError.badRequest('draft : must be true or false', [{ field: 'draft', message: 'must be true or false' }], 'validation_failed');
}
