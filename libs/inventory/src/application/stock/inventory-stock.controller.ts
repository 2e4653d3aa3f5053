import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ConfigurationLookups } from '@shipledger/configuration';
import { CurrentAuth, RequireScopes, type AuthContext } from '@shipledger/platform';
import { InventoryRejected } from '../../domain';
import { AdjustInventoryRequestDto, InventoryLevelsResponseDto, SetInventoryRequestDto } from '../shared/inventory.dto';
import { InventoryController, nowIso } from '../shared/inventory-http';
import { InventoryLedger, type LevelChange } from '../shared/inventory-ledger';
import { resolveLocationId } from '../shared/inventory-locations';

/** A SKU named twice in one request would be applied twice: refused (all or nothing). */
function checkDistinct(items: readonly { sku: string }[]): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.sku)) {
      const message = `items[${index}].sku : SKU ${item.sku} is named twice`;
      throw new InventoryRejected('validation_failed', message, [{ field: `items[${index}].sku`, message }]);
    }
    seen.add(item.sku);
  });
}

@InventoryController()
export class InventoryStockController {
  constructor(private readonly ledger: InventoryLedger, private readonly lookups: ConfigurationLookups) {}

  private async apply(auth: AuthContext, locationId: string, changes: LevelChange[]): Promise<InventoryLevelsResponseDto> {
    const { levels } = await this.ledger.apply(changes, { requestId: auth.requestId, correlationId: auth.correlationId });
    return {
      location_id: locationId,
      levels: changes.map((change, index) => ({
        location_id: locationId, sku: change.sku, on_hand: levels[index]!.on_hand, reserved: levels[index]!.reserved,
        available: levels[index]!.on_hand - levels[index]!.reserved,
      })),
    };
  }

  @Post('set')
  @HttpCode(200)
  @RequireScopes('update:inventory')
  @ApiOperation({ summary: 'Set on_hand of SKUs at a location (a stock count)', description: 'Up to 1,000 lines, all or nothing.' })
  @ApiOkResponse({ type: InventoryLevelsResponseDto })
  async set(@CurrentAuth() auth: AuthContext, @Body() body: SetInventoryRequestDto): Promise<InventoryLevelsResponseDto> {
    checkDistinct(body.items);
    const locationId = await resolveLocationId(this.lookups, auth.tenantId, body.location_id);
    const at = nowIso();
    return this.apply(auth, locationId, body.items.map((item): LevelChange => ({
      type: 'SetOnHand', tenant_id: auth.tenantId, location_id: locationId, sku: item.sku, on_hand: item.on_hand,
      cause: { kind: 'manual', operation: 'set' }, at, actor: auth.clientId,
    })));
  }

  @Post('adjust')
  @HttpCode(200)
  @RequireScopes('update:inventory')
  @ApiOperation({
    summary: 'Add deltas to on_hand of SKUs at a location, each with its reason',
    description: 'Up to 1,000 lines, all or nothing: a line that would take on_hand below zero refuses the whole request (400 on_hand_negative).',
  })
  @ApiOkResponse({ type: InventoryLevelsResponseDto })
  async adjust(@CurrentAuth() auth: AuthContext, @Body() body: AdjustInventoryRequestDto): Promise<InventoryLevelsResponseDto> {
    checkDistinct(body.items);
    const locationId = await resolveLocationId(this.lookups, auth.tenantId, body.location_id);
    const at = nowIso();
    return this.apply(auth, locationId, body.items.map((item): LevelChange => ({
      type: 'AdjustOnHand', tenant_id: auth.tenantId, location_id: locationId, sku: item.sku, delta: item.delta,
      cause: { kind: 'manual', operation: 'adjust', reason: item.reason }, at, actor: auth.clientId,
    })));
  }
}
