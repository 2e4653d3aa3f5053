import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ShipmentCommandRejected, ShipmentCommandService, toShipmentResponse, type CommandMeta,
} from '@shipledger/shipping';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';

/**
 * Retries a failed carrier upload of a document (`document_identifier`: its id or its name). It puts
 * the upload back to `pending`; the document sync reactor then uploads it again.
 */
@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
export class RetryUploadController {
  constructor(private readonly commands: ShipmentCommandService) {}

  @Post(':shipment_id/documents/:document_identifier/retry-upload')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  async retry(
    @CurrentAuth() auth: AuthContext,
    @Param('shipment_id') ref: string,
    @Param('document_identifier') identifier: string,
  ): Promise<Record<string, unknown>> {
    const meta: CommandMeta = { actor: auth.clientId, requestId: auth.requestId, correlationId: auth.correlationId, merchants: auth.merchants };
    try {
      const state = await this.commands.execute(auth.tenantId, ref, (current) => {
        const wanted = identifier.toLowerCase();
        const doc = current.documents.find((d) => d.document_id === identifier || d.document_name.toLowerCase() === wanted);
        if (!doc) throw ApiError.notFound(`Document ${identifier} is not uploaded on this shipment`);
        if (doc.carrier_upload_status !== 'error') {
          throw ApiError.badRequest(`Document ${identifier} has no failed carrier upload to retry (carrier_upload_status: ${doc.carrier_upload_status ?? 'none'})`);
        }
        return { type: 'RecordDocumentUploadStatus', document_id: doc.document_id, carrier_upload_status: 'pending', at: new Date().toISOString(), actor: auth.clientId };
      }, meta);
      return toShipmentResponse(state);
    } catch (error) {
      if (error instanceof ShipmentCommandRejected) throw new ApiError(error.code === 'not_found' ? 404 : 400, [error.message]);
      throw error;
    }
  }
}
