import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '@shipledger/platform';
import type { UploadDocument } from '../../domain/shipment';
import { DocumentSettingsRepository } from '../shared/document-settings.repository';
import { ShipmentHttp } from '../shared/shipment-http';
import { decodePdf, invalid } from './pdf-content';
import { ShipmentDocumentContents } from './shipment-document-contents';

export interface DocumentUpload {
  document_id?: string;
  document_name?: string;
  content_base64?: string;
}

/**
 * Uploads (endpoint rule 7): the shipment must exist, the document must match a setting by id or
 * name, the content must be a PDF. Bytes are stored first (content-addressed), then the event; when
 * the shipment refuses the upload, the bytes this upload stored are removed again.
 */
@Injectable()
export class ShipmentDocumentsHandler {
  constructor(
    private readonly http: ShipmentHttp,
    private readonly settings: DocumentSettingsRepository,
    @Inject(ShipmentDocumentContents) private readonly contents: ShipmentDocumentContents,
  ) {}

  async upload(auth: AuthContext, shipmentRef: string, uploads: DocumentUpload[], mode: UploadDocument['mode']) {
    const shipment = await this.http.get(auth, shipmentRef);
    const prepared = [];
    for (const upload of uploads) {
      if (!upload.document_id && !upload.document_name) throw invalid('document_id', 'document_id or document_name is required');
      const setting = await this.settings.match(auth.tenantId, upload);
      if (!setting) {
        throw invalid(upload.document_id ? 'document_id' : 'document_name', `no document setting matches ${upload.document_id ?? upload.document_name}`);
      }
      prepared.push({ setting, pdf: decodePdf(upload.content_base64) });
    }
    let response: Record<string, unknown> = {};
    for (const { setting, pdf } of prepared) {
      const stored = await this.contents.save(auth.tenantId, shipment.shipment_id, setting.document_id, pdf.sha256, pdf.bytes);
      const document = { document_id: setting.document_id, document_name: setting.document_name, content_sha256: pdf.sha256, size_bytes: pdf.bytes.length };
      try {
        response = await this.http.run(auth, shipment.shipment_id, { type: 'UploadDocument', mode, document });
      } catch (refused) {
        // A refused upload leaves nothing behind: not the event, not the bytes.
        if (stored) await this.contents.discard(auth.tenantId, shipment.shipment_id, setting.document_id, pdf.sha256);
        throw refused;
      }
    }
    return response;
  }

  /** PUT documents/{document_identifier}: the identifier is a document id or a setting's name. */
  async replace(auth: AuthContext, shipmentRef: string, identifier: string, contentBase64: string | undefined) {
    const shipment = await this.http.get(auth, shipmentRef);
    const onShipment = shipment.documents.find((doc) => doc.document_id === identifier || doc.document_name.toLowerCase() === identifier.toLowerCase());
    const setting = onShipment ?? (await this.settings.match(auth.tenantId, { document_id: identifier }))
      ?? (await this.settings.match(auth.tenantId, { document_name: identifier }));
    if (!setting) throw invalid('document_identifier', `no document setting matches ${identifier}`);
    return this.upload(auth, shipmentRef, [{ document_id: setting.document_id, content_base64: contentBase64 }], 'replace');
  }
}
