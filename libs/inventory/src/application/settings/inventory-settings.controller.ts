import { Body, Get, Inject, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ConfigurationLookups } from '@shipledger/configuration';
import { ApiError, canAccessMerchant, CurrentAuth, PLATFORM_SERVICES, RequireScopes, type AuthContext, type PlatformServices } from '@shipledger/platform';
import { InventoryRejected, type InventorySettings } from '../../domain';
import { InventorySettingsRequestDto, InventorySettingsResponseDto } from '../shared/inventory.dto';
import { InventoryController, nowIso } from '../shared/inventory-http';
import { InventoryLedger } from '../shared/inventory-ledger';
import { resolveLocationId } from '../shared/inventory-locations';

@InventoryController()
export class InventorySettingsController {
  constructor(
    private readonly ledger: InventoryLedger,
    private readonly lookups: ConfigurationLookups,
    @Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices,
  ) {}

  private async checkMerchant(auth: AuthContext, merchant: string): Promise<void> {
    if (!canAccessMerchant(auth, merchant)) throw ApiError.forbidden(`Not allowed to act for merchant ${merchant}`);
    if (!(await this.platform.directory.hasMerchant(auth.tenantId, merchant))) {
      throw new InventoryRejected('merchant_not_found', `No merchant found with the id: ${merchant}`);
    }
  }

  @Get('settings/:merchant')
  @RequireScopes('read:inventory')
  @ApiOperation({ summary: "A merchant's inventory settings (the defaults when never set: management off)" })
  @ApiOkResponse({ type: InventorySettingsResponseDto })
  async get(@CurrentAuth() auth: AuthContext, @Param('merchant') merchant: string): Promise<InventorySettingsResponseDto> {
    await this.checkMerchant(auth, merchant);
    return { merchant, ...(await this.ledger.settings(auth.tenantId, merchant)) };
  }

  @Put('settings/:merchant')
  @RequireScopes('update:inventory')
  @ApiOperation({
    summary: "Set a merchant's inventory settings",
    description: 'PUT: the fields given are set and the others return to their defaults. Applies to order operations from now on.',
  })
  @ApiOkResponse({ type: InventorySettingsResponseDto })
  async put(@CurrentAuth() auth: AuthContext, @Param('merchant') merchant: string, @Body() body: InventorySettingsRequestDto): Promise<InventorySettingsResponseDto> {
    await this.checkMerchant(auth, merchant);
    const priority = await Promise.all((body.location_priority ?? []).map((value, index) => resolveLocationId(this.lookups, auth.tenantId, value, `location_priority[${index}]`)));
    const settings: InventorySettings = {
      enabled: body.enabled,
      stock_reduction_timing: body.stock_reduction_timing ?? 'ON_ORDER_FULFILLED',
      allow_oversell: body.allow_oversell ?? false,
      cancel_unfillable_orders: body.cancel_unfillable_orders ?? false,
      location_priority: [...new Set(priority)],
    };
    const saved = await this.ledger.putSettings(
      { type: 'PutInventorySettings', tenant_id: auth.tenantId, merchant, settings, at: nowIso(), actor: auth.clientId },
      { requestId: auth.requestId, correlationId: auth.correlationId },
    );
    return { merchant, ...saved };
  }
}
