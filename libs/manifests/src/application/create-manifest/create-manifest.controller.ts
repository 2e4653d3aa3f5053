import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { ManifestResponseDto, toManifestResponse } from '../shared/manifest.response';
import { ManifestService } from '../shared/manifest.service';
import { CreateManifestRequestDto } from './create-manifest.request';

@ApiTags('manifests')
@Controller('manifests')
@UseErrorArea('shipping')
export class CreateManifestController {
  constructor(private readonly manifests: ManifestService) {}

  @Post()
  @HttpCode(201)
  @RequireScopes('create:shipments')
  @ApiOperation({
    summary: 'Create a manifest and hand it to the carrier',
    description: 'Every violation is a 400 naming the shipment (shipment_ids[i]): unknown, not booked or ready_to_ship, '
      + 'another carrier account, merchant or pickup, or already in an open manifest.',
  })
  @ApiCreatedResponse({ type: ManifestResponseDto })
  async create(@CurrentAuth() auth: AuthContext, @Body() body: CreateManifestRequestDto): Promise<ManifestResponseDto> {
    const state = await this.manifests.create(auth, body);
    return toManifestResponse(state, this.manifests.carriers.documentUrl(auth.tenantId, state.manifest_id));
  }
}
