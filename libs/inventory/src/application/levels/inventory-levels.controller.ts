import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ConfigurationLookups } from '@shipledger/configuration';
import { DATABASE, type Database } from '@shipledger/database';
import { CurrentAuth, RequireScopes, type AuthContext } from '@shipledger/platform';
import { listLevels, skuLedger } from '../../read-models';
import {
  INVENTORY_LIMITS, InventoryPageDto, LedgerQueryDto, LedgerResponseDto, ListInventoryQueryDto,
} from '../shared/inventory.dto';
import { InventoryController } from '../shared/inventory-http';
import { resolveLocationId } from '../shared/inventory-locations';
import { InventoryRejected } from '../../domain';

@InventoryController()
export class InventoryLevelsController {
  constructor(@Inject(DATABASE) private readonly database: Database, private readonly lookups: ConfigurationLookups) {}

  @Get()
  @RequireScopes('read:inventory')
  @ApiOperation({ summary: 'Inventory levels (on_hand, reserved, available) per location and SKU, paged', description: 'Sorted by SKU, then location.' })
  @ApiOkResponse({ type: InventoryPageDto })
  async list(@CurrentAuth() auth: AuthContext, @Query() query: ListInventoryQueryDto): Promise<InventoryPageDto> {
    const locationId = query.location_id === undefined ? undefined : await resolveLocationId(this.lookups, auth.tenantId, query.location_id);
    const page = query.page ?? 0;
    const pageSize = query.page_size ?? INVENTORY_LIMITS.pageSizeDefault;
    const { rows, total } = await listLevels(this.database.kysely, auth.tenantId, { locationId, sku: query.sku, page, pageSize });
    return { levels: rows.map(({ updated_at: _at, ...level }) => level), page, page_size: pageSize, total };
  }

  @Get(':sku/ledger')
  @RequireScopes('read:inventory')
  @ApiOperation({
    summary: "A SKU's movements, each with its cause, and the orders holding it reserved",
    description: 'Newest movement first. reserved_by answers "why is this reserved": per location, the orders and their units.',
  })
  @ApiOkResponse({ type: LedgerResponseDto })
  async ledger(@CurrentAuth() auth: AuthContext, @Param('sku') sku: string, @Query() query: LedgerQueryDto): Promise<LedgerResponseDto> {
    const locationId = query.location_id === undefined ? undefined : await resolveLocationId(this.lookups, auth.tenantId, query.location_id);
    const found = await skuLedger(this.database.kysely, auth.tenantId, sku, { locationId, limit: query.limit ?? INVENTORY_LIMITS.ledgerDefault });
    // A SKU this tenant never stocked (there) is unknown, like any other id on a GET: 404, not an empty 200.
    if (found.levels.length === 0 && found.movements.length === 0) {
      throw new InventoryRejected('sku_not_found', `No inventory found for the SKU: ${sku}`);
    }
    return {
      sku,
      levels: found.levels.map(({ updated_at: _at, ...level }) => level),
      reserved_by: found.holders,
      movements: found.movements as LedgerResponseDto['movements'],
    };
  }
}
