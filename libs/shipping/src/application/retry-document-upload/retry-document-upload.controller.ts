import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ShipmentCommandRejected } from '../../domain/shipment';
import { commandMetaFrom } from '../shared/command-meta';
import { ShipmentCommandService } from '../shared/shipment-command.service';
import { toShipmentResponse } from '../shared/shipment-response';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';

/**
 * Retries a failed carrier upload of a document (`document_identifier`: its id or its name). It puts
 * the upload back to `pending`; the document sync reactor then uploads it again.
 */
@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
export class RetryDocumentUploadController {
  constructor(private readonly commands: ShipmentCommandService) {}

  @Post(':shipment_id/documents/:document_identifier/retry-upload')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  async retry(
    @CurrentAuth() auth: AuthContext,
    @Param('shipment_id') ref: string,
    @Param('document_identifier') identifier: string,
  ): Promise<Record<string, unknown>> {
    const meta = commandMetaFrom(auth);
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
