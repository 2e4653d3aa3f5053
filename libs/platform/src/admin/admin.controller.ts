import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminRoute } from '../http/admin-route';
import { UseErrorArea } from '../http/route-metadata';
import { PLATFORM_SERVICES, type PlatformServices } from '../platform-services';
import { CreateClientDto, CreateTenantDto, MerchantDto, TenantSettingsDto } from './admin.dto';
import { settingsFrom, TenantAdmin } from './tenant-admin';

/** The tenant administrator's dashboard as an API, guarded by `Authorization: Bearer <ADMIN_TOKEN>`. */
@ApiTags('Admin')
@ApiBearerAuth('admin')
@AdminRoute()
@UseErrorArea('orders')
@Controller('admin/tenants')
export class AdminController {
  private readonly admin: TenantAdmin;

  constructor(@Inject(PLATFORM_SERVICES) platform: PlatformServices) {
    this.admin = new TenantAdmin(platform.repository, platform.directory);
  }

  @Post()
  @ApiOperation({ summary: 'Create a tenant with merchants; answers its API key once' })
  create(@Body() body: CreateTenantDto) {
    return this.admin.createTenant({
      tenantId: body.tenant_id,
      name: body.name,
      merchants: (body.merchants ?? []).map((m) => ({ merchantId: m.merchant_id, name: m.name ?? m.merchant_id })),
      settings: settingsFrom(body),
    });
  }

  @Get()
  list() {
    return this.admin.listTenants();
  }

  @Get(':tenantId')
  describe(@Param('tenantId') tenantId: string) {
    return this.admin.describeTenant(tenantId);
  }

  @Patch(':tenantId/settings')
  @ApiOperation({ summary: 'Legacy compatibility, rate limit, GET /shipments monthly quota' })
  updateSettings(@Param('tenantId') tenantId: string, @Body() body: TenantSettingsDto) {
    return this.admin.updateSettings(tenantId, settingsFrom(body));
  }

  @Post(':tenantId/merchants')
  addMerchant(@Param('tenantId') tenantId: string, @Body() body: MerchantDto) {
    return this.admin.addMerchant(tenantId, { merchantId: body.merchant_id, name: body.name ?? body.merchant_id });
  }

  @Post(':tenantId/api-key/rotate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Replace the API key; the old one stops working' })
  rotateApiKey(@Param('tenantId') tenantId: string) {
    return this.admin.rotateApiKey(tenantId);
  }

  @Post(':tenantId/clients')
  @ApiOperation({ summary: 'Create a client application; answers its client_secret once' })
  createClient(@Param('tenantId') tenantId: string, @Body() body: CreateClientDto) {
    return this.admin.createClient(tenantId, { name: body.name, scopes: body.scopes, merchants: body.merchants ?? [] });
  }

  @Get(':tenantId/clients')
  listClients(@Param('tenantId') tenantId: string) {
    return this.admin.listClients(tenantId);
  }

  @Delete(':tenantId/clients/:clientId')
  @ApiOperation({ summary: 'Revoke a client application; its tokens stop working' })
  revokeClient(@Param('tenantId') tenantId: string, @Param('clientId') clientId: string) {
    return this.admin.revokeClient(tenantId, clientId);
  }
}
