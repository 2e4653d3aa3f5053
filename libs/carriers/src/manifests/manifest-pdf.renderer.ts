import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';

/** What a manifest document lists (the manifests context hands it over through CarrierManifests). */
export interface ManifestDocumentInput {
  manifestId: string;
  carrier: string;
  carrierAccountName: string;
  carrierManifestReference?: string | null;
  merchant: string;
  pickup: string;
  pickupWindow?: string;
  shipManifestDate?: string;
  createdAt: string;
  shipments: { shipment_id: string; partner_shipment_reference?: string; tracking_no?: string; parcel_count: number; weight_kg: number }[];
}

const ROW_HEIGHT = 46;
const PAGE_BOTTOM = 760;

/**
 * An A4 hand-over list: header, one row per shipment with a Code 128 barcode of its tracking number,
 * totals and a signature line for the driver. Synchronous layout like labels: called in the label
 * rendering threads (PdfLabelRenderer.renderManifest), never on the API's thread. The totals are also
 * in the document's Subject so a machine can read them without a PDF text extractor.
 */
export async function renderManifestPdf(input: ManifestDocumentInput): Promise<Buffer> {
  const parcels = input.shipments.reduce((sum, s) => sum + s.parcel_count, 0);
  const weight = Math.round(input.shipments.reduce((sum, s) => sum + s.weight_kg, 0) * 1000) / 1000;
  const barcodes = await Promise.all(input.shipments.map((s) => (s.tracking_no
    ? bwipjs.toBuffer({ bcid: 'code128', text: s.tracking_no, scale: 2, height: 8, includetext: false })
    : Promise.resolve(undefined))));
  const doc = new PDFDocument({
    size: 'A4', margin: 40,
    info: { Title: `Manifest ${input.manifestId}`, Subject: `shipments=${input.shipments.length} parcels=${parcels} weight_kg=${weight}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(`${input.carrier} MANIFEST`, 40, 40);
  doc.font('Helvetica').fontSize(9)
    .text(`Manifest ${input.manifestId}${input.carrierManifestReference ? ` (carrier reference ${input.carrierManifestReference})` : ''}`)
    .text(`Carrier account: ${input.carrierAccountName}   Merchant: ${input.merchant}`)
    .text(`Pickup: ${input.pickup}${input.pickupWindow ? `   Window: ${input.pickupWindow}` : ''}`)
    .text(`Ship date: ${input.shipManifestDate ?? input.createdAt.slice(0, 10)}   Created: ${input.createdAt}`);
  let y = 130;
  input.shipments.forEach((shipment, index) => {
    if (y + ROW_HEIGHT > PAGE_BOTTOM) {
      doc.addPage();
      y = 40;
    }
    doc.font('Helvetica').fontSize(8).text(`${index + 1}.`, 40, y + 4)
      .text(shipment.tracking_no ?? 'no tracking number', 60, y + 4, { width: 120 })
      .text(shipment.partner_shipment_reference ?? shipment.shipment_id, 60, y + 16, { width: 120 })
      .text(`${shipment.parcel_count} parcel(s), ${shipment.weight_kg} kg`, 400, y + 4, { width: 150 });
    const barcode = barcodes[index];
    if (barcode) doc.image(barcode, 190, y, { fit: [200, 36] });
    y += ROW_HEIGHT;
  });
  if (y + 120 > PAGE_BOTTOM) {
    doc.addPage();
    y = 40;
  }
  doc.moveTo(40, y + 6).lineTo(555, y + 6).stroke();
  doc.font('Helvetica-Bold').fontSize(10)
    .text(`Total: ${input.shipments.length} shipments, ${parcels} parcels, ${weight} kg`, 40, y + 14);
  doc.font('Helvetica').fontSize(9)
    .text('Received by (driver name and signature): ______________________________', 40, y + 54)
    .text('Date and time: ____________________', 40, y + 84);
  doc.end();
  return finished;
}
