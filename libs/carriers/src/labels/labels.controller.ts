import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiError, PublicRoute, UseErrorArea } from '@shipledger/platform';
import { CARRIERS_CONTEXT } from '../carriers.tokens';
import type { CarriersContext } from '../carriers.context';

/**
 * Signed label links, opened by printers and browsers without a bearer token. A forged (or unknown)
 * link is a 404 — it reveals nothing — and a genuine but expired one a 403.
 */
@Controller('labels')
@UseErrorArea('shipping')
export class LabelsController {
  constructor(@Inject(CARRIERS_CONTEXT) private readonly context: CarriersContext) {}

  @Get(':token')
  @PublicRoute()
  async fetch(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    const check = this.context.signer.verify(token);
    if (!check.ok) {
      if (check.reason === 'expired') throw ApiError.forbidden('This label link has expired; refresh the label for a new link.');
      throw ApiError.notFound('No label found at this address');
    }
    const { tenantId, shipmentId, kind } = check.claim;
    const label = await this.context.labelStore.get(tenantId, shipmentId, kind);
    if (!label) throw ApiError.notFound('No label found at this address');
    const extension = kind === 'service_zpl' ? 'zpl' : 'pdf';
    await reply
      .header('content-type', label.contentType)
      .header('content-disposition', `inline; filename="${label.trackingNo}-${kind}.${extension}"`)
      .header('cache-control', 'private, max-age=300')
      .send(label.content);
  }
}
