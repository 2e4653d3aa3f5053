import { createHash } from 'node:crypto';
import { ApiError } from '@shipledger/platform';

/** Decoded document content limit; its Base64 form (×4/3) stays under the default 5 MiB body limit. */
export const DOCUMENT_MAX_BYTES = 3 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PDF_MAGIC = Buffer.from('%PDF-', 'ascii');

export interface PdfContent {
  bytes: Buffer;
  sha256: string;
}

/** Base64 text in, PDF bytes out — checked by the bytes themselves (`%PDF-`), not by a declared type. */
export function decodePdf(contentBase64: string | undefined): PdfContent {
  if (!contentBase64 || !contentBase64.trim()) throw invalid('content_base64', 'must not be blank');
  const text = contentBase64.replace(/^data:application\/pdf;base64,/i, '').replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw invalid('content_base64', 'must be Base64');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > DOCUMENT_MAX_BYTES) throw invalid('content_base64', `must not exceed ${DOCUMENT_MAX_BYTES} bytes once decoded`);
  if (bytes.length < PDF_MAGIC.length || !bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw invalid('content_base64', 'must be a PDF document');
  }
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export function invalid(field: string, message: string): ApiError {
  return ApiError.badRequest(`${field} : ${message}`, [{ field, message }], 'validation_failed');
}
