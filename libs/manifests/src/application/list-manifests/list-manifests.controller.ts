import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CARRIER_MANIFESTS, type CarrierManifests } from '@shipledger/carriers';
import { DATABASE, type Database } from '@shipledger/database';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { parseIsoInstant } from '@shipledger/shipping';
import { listManifests } from '../../read-models';
import { ManifestResponseDto, toManifestResponse } from '../shared/manifest.response';
import { ListManifestsQueryDto } from './list-manifests.query';

@ApiTags('manifests')
@Controller('manifests')
@UseErrorArea('shipping')
export class ListManifestsController {
  constructor(@Inject(DATABASE) private readonly database: Database, @Inject(CARRIER_MANIFESTS) private readonly carriers: CarrierManifests) {}

  @Get()
  @RequireScopes('read:shipments')
  @ApiOperation({ summary: 'Manifests, newest first (read model: a manifest appears once the projector caught up)' })
  @ApiOkResponse({ type: [ManifestResponseDto] })
  async list(@CurrentAuth() auth: AuthContext, @Query() query: ListManifestsQueryDto): Promise<ManifestResponseDto[]> {
    const states = await listManifests(this.database.kysely, auth.tenantId, {
      merchants: query.merchant, status: query.status, carrier_account: query.carrier_account,
      creation_date_from: query.creation_date_from ? parseIsoInstant(query.creation_date_from, 'start') : undefined,
      creation_date_to: query.creation_date_to ? parseIsoInstant(query.creation_date_to, 'end') : undefined,
      page: query.page ?? 0, page_size: query.page_size ?? 10,
    }, auth.merchants);
    return states.map((state) => toManifestResponse(state, this.carriers.documentUrl(auth.tenantId, state.manifest_id)));
  }
}
