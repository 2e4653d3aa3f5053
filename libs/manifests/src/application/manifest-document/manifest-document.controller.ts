import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CARRIER_MANIFESTS, type CarrierManifests } from '@shipledger/carriers';
import { loadStream } from '@shipledger/ddd';
import { EVENT_STORE, type EventStore } from '@shipledger/event-store';
import { ApiError, PublicRoute, UseErrorArea } from '@shipledger/platform';
import { manifestDecider, manifestStreamId } from '../../domain';

const NOT_FOUND = 'No manifest document found at this address';

/**
 * The manifest's PDF hand-over list at its signed link (GET /manifests/{id} gives the link), opened by
 * printers and browsers without a bearer token, answered like label links: a forged link 404, an
 * altered or expired one 403. Rendered on demand in the label threads (off the event loop, time-limited):
 * the list always shows the manifest as it is now, so nothing is stored.
 */
@ApiTags('manifests')
@Controller('manifests/:manifest_id/document')
@UseErrorArea('shipping')
export class ManifestDocumentController {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore, @Inject(CARRIER_MANIFESTS) private readonly carriers: CarrierManifests) {}

  @Get()
  @PublicRoute()
  @ApiOperation({ summary: 'The manifest PDF (shipments with barcodes, totals, signature line) at its signed link' })
  @ApiProduces('application/pdf')
  async fetch(
    @Param('manifest_id') manifestId: string,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (manifestId.length > 100) throw ApiError.notFound(NOT_FOUND);
    const { state } = await loadStream(this.eventStore, manifestDecider, manifestStreamId(manifestId));
    const check = state.exists ? this.carriers.verifyDocumentLink(state.tenant_id, manifestId, expires, signature) : 'forged';
    if (check === 'altered') throw ApiError.forbidden('This manifest link is not valid; use the link exactly as the manifest gave it.');
    if (check === 'forged') throw ApiError.notFound(NOT_FOUND);
    if (check === 'expired') throw ApiError.forbidden('This manifest link has expired; GET the manifest for a new link.');
    const pdf = await this.carriers.renderPdf({
      manifestId, carrier: state.carrier, carrierAccountName: state.carrier_account_name,
      carrierManifestReference: state.carrier_manifest_reference, merchant: state.merchant, pickup: state.pickup,
      pickupWindow: state.pickup_schedule_from && state.pickup_schedule_to ? `${state.pickup_schedule_from} – ${state.pickup_schedule_to}` : undefined,
      shipManifestDate: state.ship_manifest_date, createdAt: state.creation_date, shipments: state.shipments,
    });
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="manifest-${manifestId}.pdf"`)
      .header('cache-control', 'private, max-age=60')
      .send(pdf);
  }
}
