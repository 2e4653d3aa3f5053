/** Reads an uploaded document's PDF bytes (the Shipping context stores them; events carry only a hash). */
export interface DocumentContentReader {
  read(tenantId: string, shipmentId: string, documentId: string): Promise<Buffer | undefined>;
}
