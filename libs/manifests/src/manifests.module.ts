import { Module } from '@nestjs/common';
import { CarriersModule } from '@shipledger/carriers';
import { CreateManifestController } from './application/create-manifest/create-manifest.controller';
import { ListManifestsController } from './application/list-manifests/list-manifests.controller';
import { ManifestActionsController } from './application/manifest-actions/manifest-actions.controller';
import { ManifestDocumentController } from './application/manifest-document/manifest-document.controller';
import { ManifestService } from './application/shared/manifest.service';

/**
 * The Manifests context's HTTP side: /manifests and the signed PDF link. DATABASE, EVENT_STORE and
 * PLATFORM_SERVICES come from the global PlatformModule; CARRIER_MANIFESTS from the carriers module.
 */
@Module({
  imports: [CarriersModule],
  controllers: [ListManifestsController, CreateManifestController, ManifestDocumentController, ManifestActionsController],
  providers: [ManifestService],
})
export class ManifestsModule {}
