import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';
import type { ShipmentContent } from '@shipledger/shipping';
import { labelFacts, type LabelFacts, type LabelParcelFacts } from './label-content';

export interface PdfLabelInput {
  /** Printed as the label's header: who issued it (a carrier, or Shipledger for the service label). */
  issuer: string;
  trackingNo: string;
  shipment: { shipmentId: string; content: ShipmentContent };
}

/**
 * A 4×6 inch label, one page per parcel, with a Code 128 barcode of the tracking number. Synchronous
 * layout that can take long on long text: services call it through PdfLabelRenderer (a worker thread
 * with a time limit), never on the API's thread.
 */
export async function renderPdfLabel(input: PdfLabelInput): Promise<Buffer> {
  const facts = labelFacts(input.trackingNo, input.shipment.content);
  const barcode = await barcodePng(input.trackingNo);
  const doc = new PDFDocument({ size: [288, 432], margin: 14, autoFirstPage: false, info: { Title: `Label ${input.trackingNo}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const parcel of facts.parcels) drawPage(doc, input, facts, parcel, barcode);
  doc.end();
  return finished;
}

const barcodes = new Map<string, Promise<Buffer>>();

/** The carrier's and the service's labels of one booking share their barcode: render it once. */
function barcodePng(text: string): Promise<Buffer> {
  let png = barcodes.get(text);
  if (!png) {
    png = bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 14, includetext: false });
    barcodes.set(text, png);
    png.catch(() => barcodes.delete(text));
    if (barcodes.size > 200) barcodes.delete(barcodes.keys().next().value!);
  }
  return png;
}

/** A label with nothing on it: loads fonts and encoders ahead of the first booking. */
export const WARM_UP_LABEL: PdfLabelInput = { issuer: 'warm-up', trackingNo: 'WARMUP0', shipment: { shipmentId: 'warm-up', content: {} } };

function drawPage(doc: PDFKit.PDFDocument, input: PdfLabelInput, facts: LabelFacts, parcel: LabelParcelFacts, barcode: Buffer): void {
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(12).text(input.issuer.toUpperCase(), 14, 14);
  doc.font('Helvetica').fontSize(8).text(`Shipment ${input.shipment.shipmentId}`);
  doc.image(barcode, 14, 48, { fit: [260, 70], align: 'center' });
  doc.font('Helvetica-Bold').fontSize(11).text(facts.trackingNo, 14, 122, { width: 260, align: 'center' });
  doc.moveTo(14, 140).lineTo(274, 140).stroke();
  block(doc, 'FROM', facts.sender, 146);
  block(doc, 'TO', facts.receiver, 226);
  doc.moveTo(14, 320).lineTo(274, 320).stroke();
  doc.font('Helvetica-Bold').fontSize(10).text(`Parcel ${parcel.index} of ${parcel.count}`, 14, 326);
  doc.font('Helvetica').fontSize(9)
    .text(`Weight: ${parcel.weightKg !== undefined ? `${round(parcel.weightKg)} kg` : 'not given'}`)
    .text(`Parcel tracking: ${parcel.parcelTrackingNo}`);
  if (facts.codAmount) doc.font('Helvetica-Bold').fontSize(11).text(`COD: ${facts.codAmount}`);
  doc.font('Helvetica').fontSize(8);
  for (const line of facts.references) doc.text(line);
}

function block(doc: PDFKit.PDFDocument, title: string, lines: string[], top: number): void {
  doc.font('Helvetica-Bold').fontSize(9).text(title, 14, top);
  doc.font('Helvetica').fontSize(9);
  for (const line of lines.slice(0, 7)) doc.text(line, { width: 260 });
}

function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
