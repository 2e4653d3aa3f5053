import type { ShipmentContent } from '@shipledger/shipping';
import { labelFacts } from './label-content';

/** A 4×6 inch ZPL II label per parcel (203 dpi), Code 128 of the tracking number. */
export function renderZplLabel(trackingNo: string, shipment: { shipmentId: string; content: ShipmentContent }): string {
  const facts = labelFacts(trackingNo, shipment.content);
  return facts.parcels.map((parcel) => {
    const lines: string[] = ['^XA', '^CI28', '^PW812', '^LL1218'];
    let y = 30;
    const text = (value: string, size = 28) => {
      lines.push(`^FO40,${y}^A0N,${size},${size}^FD${escape(value)}^FS`);
      y += size + 10;
    };
    text('SHIPLEDGER', 40);
    text(`Shipment ${shipment.shipmentId}`, 22);
    lines.push(`^FO60,${y}^BY3^BCN,160,Y,N,N^FD${escape(trackingNo)}^FS`);
    y += 220;
    text('FROM', 26);
    facts.sender.slice(0, 6).forEach((line) => text(line, 24));
    text('TO', 26);
    facts.receiver.slice(0, 6).forEach((line) => text(line, 24));
    text(`Parcel ${parcel.index} of ${parcel.count}`, 30);
    text(`Weight: ${parcel.weightKg !== undefined ? `${parcel.weightKg} kg` : 'not given'}`, 24);
    if (facts.codAmount) text(`COD: ${facts.codAmount}`, 30);
    facts.references.forEach((line) => text(line, 22));
    lines.push('^XZ');
    return lines.join('\n');
  }).join('\n');
}

/** ZPL field data may not contain the control prefixes ^ and ~. */
function escape(value: string): string {
  return value.replace(/[\^~]/g, ' ');
}
