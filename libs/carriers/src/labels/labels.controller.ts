import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, PublicRoute, UseErrorArea } from '@shipledger/platform';
import { LABEL_KINDS, type LabelKind } from '../accounts/carrier-account';
import { CARRIERS_CONTEXT } from '../carriers.tokens';
import type { CarriersContext } from '../carriers.context';
import { canonicalLinkExpiry } from './label-url.signer';
import type { StoredLabel } from './label.store';

const NOT_FOUND = 'No label found at this address';
const ALTERED = 'This label link is not valid; use the link exactly as the shipment gave it.';

/**
 * Signed label links, opened by printers and browsers without a bearer token. A forged link (or one
 * for a label that does not exist) is a 404 — it reveals nothing — a genuine but expired one a 403, and
 * one not in the single form the service writes (an altered expiry or signature spelling) a 403.
 */
@ApiTags('labels')
@Controller('labels')
@UseErrorArea('shipping')
export class LabelsController {
  constructor(@Inject(CARRIERS_CONTEXT) private readonly context: CarriersContext) {}

  @Get(':shipmentId/:kind')
  @PublicRoute()
  async fetch(
    @Param('shipmentId') shipmentId: string,
    @Param('kind') kind: string,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!(LABEL_KINDS as readonly string[]).includes(kind)) throw ApiError.notFound(NOT_FOUND);
    const expiresAt = canonicalLinkExpiry(expires, signature);
    if (expiresAt === undefined || !signature) throw ApiError.forbidden(ALTERED);
    let expired = false;
    for (const label of await this.context.labelStore.candidates(shipmentId, kind as LabelKind)) {
      const check = this.context.signer.verify({ tenantId: label.tenantId, shipmentId, kind: kind as LabelKind, expiresAt }, signature);
      if (!check.ok) {
        expired ||= check.reason === 'expired';
        continue;
      }
      return this.send(reply, kind, label);
    }
    // Lazy labels: not rendered yet — render it now from its booking, keep it, and answer it.
    for (const source of await this.context.labelStore.sourceCandidates(shipmentId, kind as LabelKind)) {
      const check = this.context.signer.verify({ tenantId: source.tenantId, shipmentId, kind: kind as LabelKind, expiresAt }, signature);
      if (!check.ok) {
        expired ||= check.reason === 'expired';
        continue;
      }
      const label = await this.context.renderLabel(shipmentId, source);
      if (label) return this.send(reply, kind, label);
    }
    if (expired) throw ApiError.forbidden('This label link has expired; refresh the label for a new link.');
    throw ApiError.notFound(NOT_FOUND);
  }

  private async send(reply: FastifyReply, kind: string, label: StoredLabel): Promise<void> {
    const extension = kind === 'service_zpl' ? 'zpl' : 'pdf';
    await reply
      .header('content-type', label.contentType)
      .header('content-disposition', `inline; filename="${label.trackingNo}-${kind}.${extension}"`)
      .header('cache-control', 'private, max-age=300')
      .send(label.content);
  }
}
