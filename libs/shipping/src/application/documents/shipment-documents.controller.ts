import { Body, Controller, HttpCode, Param, Post, Put, UseFilters } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { ShipmentErrorsFilter } from '../shared/shipment-errors.filter';
import { DocumentReplaceDto, DocumentUploadDto } from './document-upload.dto';
import { invalid } from './pdf-content';
import { ShipmentDocumentsHandler, type DocumentUpload } from './shipment-documents.handler';

@ApiTags('shipments')
@Controller('shipments')
@UseErrorArea('shipping')
@UseFilters(ShipmentErrorsFilter)
export class ShipmentDocumentsController {
  constructor(private readonly documents: ShipmentDocumentsHandler) {}

  @Post(':shipment_id/documents')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Upload one document (refused when its id is already on the shipment)' })
  @ApiOkResponse({ description: 'the shipment' })
  upload(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: DocumentUploadDto) {
    return this.documents.upload(auth, ref, [body ?? {}], 'single');
  }

  @Post(':shipment_id/documents/bulk')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Upload several documents: missing ones are created, existing ones replaced' })
  @ApiBody({ type: [DocumentUploadDto] })
  @ApiOkResponse({ description: 'the shipment' })
  bulk(@CurrentAuth() auth: AuthContext, @Param('shipment_id') ref: string, @Body() body: unknown) {
    return this.documents.upload(auth, ref, toUploads(body), 'bulk');
  }

  @Put(':shipment_id/documents/:document_identifier')
  @RequireScopes('update:shipments')
  @ApiOperation({ summary: 'Replace the content of a document already on the shipment (by document id or name)' })
  @ApiOkResponse({ description: 'the shipment' })
  replace(
    @CurrentAuth() auth: AuthContext,
    @Param('shipment_id') ref: string,
    @Param('document_identifier') identifier: string,
    @Body() body: DocumentReplaceDto,
  ) {
    return this.documents.replace(auth, ref, identifier, body?.content_base64);
  }
}

/** The bulk body is an array of upload bodies (validated here: the global pipe skips arrays). */
function toUploads(body: unknown): DocumentUpload[] {
  if (!Array.isArray(body) || body.length === 0) throw invalid('body', 'must be a non-empty array of documents');
  if (body.length > 50) throw invalid('body', 'must not hold more than 50 documents');
  return body.map((entry, index) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw invalid(`[${index}]`, 'must be an object');
    const { document_id: id, document_name: name, content_base64: content } = entry as Record<string, unknown>;
    for (const [field, value] of [['document_id', id], ['document_name', name], ['content_base64', content]] as const) {
      if (value !== undefined && typeof value !== 'string') throw invalid(`[${index}].${field}`, 'must be a string');
    }
    return { document_id: id as string | undefined, document_name: name as string | undefined, content_base64: content as string | undefined };
  });
}
