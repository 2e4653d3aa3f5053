import { Controller, Delete, Get, HttpCode, Param, Patch } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import {
  ManifestActionResponseDto, ManifestResponseDto, ManifestShipResponseDto, toActionResponse, toManifestResponse,
} from '../shared/manifest.response';
import { ManifestService } from '../shared/manifest.service';

/** GET, DELETE and the PATCH actions of one manifest; a refused transition is a 400 naming the status. */
@ApiTags('manifests')
@Controller('manifests/:manifest_id')
@UseErrorArea('shipping')
export class ManifestActionsController {
  constructor(private readonly manifests: ManifestService) {}

  @Get()
  @RequireScopes('read:shipments')
  @ApiOperation({ summary: 'A manifest (from its stream: always current)' })
  @ApiOkResponse({ type: ManifestResponseDto })
  async get(@CurrentAuth() auth: AuthContext, @Param('manifest_id') id: string): Promise<ManifestResponseDto> {
    return this.present(auth, await this.manifests.get(auth, id));
  }

  @Delete()
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Delete a manifest that is not shipped; its shipments may join another manifest' })
  @ApiOkResponse({ type: ManifestResponseDto })
  async delete(@CurrentAuth() auth: AuthContext, @Param('manifest_id') id: string): Promise<ManifestResponseDto> {
    return this.present(auth, await this.manifests.change(auth, id, 'DeleteManifest'));
  }

  @Patch('cancel')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Cancel an open manifest (pending, submitted or submission_failed)' })
  @ApiOkResponse({ type: ManifestActionResponseDto })
  async cancel(@CurrentAuth() auth: AuthContext, @Param('manifest_id') id: string): Promise<ManifestActionResponseDto> {
    return toActionResponse(await this.manifests.change(auth, id, 'CancelManifest'));
  }

  @Patch('retry')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Submit the manifest to its carrier again (pending or submission_failed)' })
  @ApiOkResponse({ type: ManifestActionResponseDto })
  async retry(@CurrentAuth() auth: AuthContext, @Param('manifest_id') id: string): Promise<ManifestActionResponseDto> {
    return toActionResponse(await this.manifests.retry(auth, id));
  }

  @Patch('ship')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Hand over: every shipment in the manifest moves to shipped (rule 4, as update-status would)' })
  @ApiOkResponse({ type: ManifestShipResponseDto })
  async ship(@CurrentAuth() auth: AuthContext, @Param('manifest_id') id: string): Promise<ManifestShipResponseDto> {
    const { state, moved } = await this.manifests.ship(auth, id);
    return { ...toActionResponse(state), shipments: moved };
  }

  private present(auth: AuthContext, state: Parameters<typeof toManifestResponse>[0]): ManifestResponseDto {
    return toManifestResponse(state, this.manifests.carriers.documentUrl(auth.tenantId, state.manifest_id));
  }
}
