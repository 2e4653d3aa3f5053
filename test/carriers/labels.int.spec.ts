import { randomBytes, randomUUID } from 'node:crypto';
import { BinaryBitmap, Code128Reader, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import { PNG } from 'pngjs';
import { renderPdfLabel } from '../../libs/carriers/src/labels/pdf-label.renderer';
import { renderZplLabel } from '../../libs/carriers/src/labels/zpl-label.renderer';
import { canonicalLinkExpiry, LabelUrlSigner } from '../../libs/carriers/src/labels/label-url.signer';
import { bookableContent } from './carriers-harness';
import { inspectPdf } from './support/inspect-pdf';

/** Decodes the Code 128 barcode of a PNG image (white behind transparent pixels). */
function decodeCode128(pngBytes: Uint8Array): string {
  const png = PNG.sync.read(Buffer.from(pngBytes));
  const luminance = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < luminance.length; i++) {
    const alpha = png.data[i * 4 + 3]! / 255;
    luminance[i] = Math.round(png.data[i * 4]! * alpha + 255 * (1 - alpha));
  }
  return new Code128Reader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, png.width, png.height)))).getText();
}

describe('labels', () => {
  const trackingNo = `SBX${String(Date.now()).slice(-12)}`;
  const shipment = { shipmentId: randomUUID(), content: bookableContent() };

  it('the PDF label is a valid PDF, one page per parcel, with sender, receiver, references, weight and COD', async () => {
    const pdf = await renderPdfLabel({ issuer: 'Shipledger', trackingNo, shipment });
    const parsed = await inspectPdf(pdf);
    expect(parsed.total).toBe(2);
    const [first, second] = parsed.pages.map((page) => page.text);
    for (const expected of [trackingNo, 'FROM', 'Warehouse', '1 Dock Road', 'TO', 'Jane Doe', 'SW1A 1AA GB', 'Parcel 1 of 2', 'Weight: 2.5 kg',
      'COD: 42.50 GBP', `Shipment ref: ${shipment.content.references!.partner_shipment_reference}`]) {
      expect(first).toContain(expected);
    }
    expect(second).toContain('Parcel 2 of 2');
    expect(second).toContain('Weight: 1 kg');
    expect(second).toContain(`${trackingNo}-2`);
  });

  it('its barcode decodes to the tracking number on every page', async () => {
    const parsed = await inspectPdf(await renderPdfLabel({ issuer: 'SANDBOX carrier', trackingNo, shipment }));
    expect(parsed.pages).toHaveLength(2);
    for (const page of parsed.pages) {
      expect(page.images).toHaveLength(1);
      expect(decodeCode128(page.images[0]!)).toBe(trackingNo);
    }
  });

  it('a shipment without parcels still gets one page, without COD for a prepaid shipment', async () => {
    const content = bookableContent({ parcels: [], payment: { payment_mode: 'PRE_PAID', total_amount: 10, currency: 'AED' } });
    const parsed = await inspectPdf(await renderPdfLabel({ issuer: 'Shipledger', trackingNo, shipment: { shipmentId: randomUUID(), content } }));
    expect(parsed.total).toBe(1);
    expect(parsed.pages[0]!.text).toContain('Parcel 1 of 1');
    expect(parsed.pages[0]!.text).not.toContain('COD');
  });

  it('the ZPL label has one ^XA…^XZ block per parcel with a Code 128 of the tracking number', () => {
    const zpl = renderZplLabel(trackingNo, shipment);
    const blocks = zpl.split('^XZ').filter((block) => block.trim() !== '');
    expect(blocks).toHaveLength(2);
    for (const [index, block] of blocks.entries()) {
      expect(block.trim().startsWith('^XA')).toBe(true);
      expect(block).toContain(`^BCN,160,Y,N,N^FD${trackingNo}^FS`);
      expect(block).toContain(`Parcel ${index + 1} of 2`);
    }
    expect(renderZplLabel(trackingNo, { shipmentId: 'x', content: bookableContent({ dropoff: { contact_name: 'A^B~C' } }) })).toContain('A B C');
  });

  describe('signed label URLs', () => {
    const key = randomBytes(32);
    const signer = new LabelUrlSigner(key, 'https://api.example/', 600);
    const claimOf = (url: string, tenantId: string) => {
      const parsed = new URL(url);
      const [, , shipmentId, kind] = parsed.pathname.split('/');
      return {
        claim: { tenantId, shipmentId: decodeURIComponent(shipmentId!), kind: kind as 'service_pdf', expiresAt: Number(parsed.searchParams.get('expires')) },
        signature: parsed.searchParams.get('signature')!,
      };
    };

    it('verifies its own links until they expire', () => {
      const now = new Date();
      const { claim, signature } = claimOf(signer.url('T1', 'ship-1', 'service_pdf', now), 'T1');
      expect(claim.expiresAt).toBe(Math.floor(now.getTime() / 1000) + 600);
      expect(signer.verify(claim, signature, now)).toEqual({ ok: true });
      expect(signer.verify(claim, signature, new Date(now.getTime() + 601_000))).toEqual({ ok: false, reason: 'expired' });
    });

    it('refuses a link for another tenant, shipment, kind or expiry, and one signed with another key', () => {
      const { claim, signature } = claimOf(signer.url('T1', 'ship-1', 'service_pdf'), 'T1');
      for (const changed of [{ tenantId: 'T2' }, { shipmentId: 'ship-2' }, { kind: 'service_zpl' as const }, { expiresAt: claim.expiresAt + 1 }]) {
        expect(signer.verify({ ...claim, ...changed } as typeof claim, signature)).toEqual({ ok: false, reason: 'forged' });
      }
      const other = new LabelUrlSigner(randomBytes(32), 'https://api.example', 600);
      expect(signer.verify(claim, other.signature(claim))).toEqual({ ok: false, reason: 'forged' });
      expect(signer.verify(claim, '')).toEqual({ ok: false, reason: 'forged' });
    });

    it('accepts only the spelling it wrote: the same MAC bytes spelled another way are a forgery', () => {
      const { claim, signature } = claimOf(signer.url('T1', 'ship-1', 'service_pdf'), 'T1');
      const mac = Buffer.from(signature, 'base64url');
      for (const respelled of [`${signature}=`, mac.toString('base64'), `${signature} `]) {
        expect(Buffer.from(respelled, 'base64url').equals(mac) || Buffer.from(respelled, 'base64').equals(mac)).toBe(true);
        expect(signer.verify(claim, respelled)).toEqual({ ok: false, reason: 'forged' });
      }
      expect(canonicalLinkExpiry(String(claim.expiresAt), signature)).toBe(claim.expiresAt);
      for (const expires of [`${claim.expiresAt}.0`, `0${claim.expiresAt}`, `+${claim.expiresAt}`, `${claim.expiresAt}e0`, ' 1', '']) {
        expect(canonicalLinkExpiry(expires, signature)).toBeUndefined();
      }
    });
  });
});
