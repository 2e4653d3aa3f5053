import type { LabelUrls, ShipmentContent } from '@shipledger/shipping';
import type { CarrierAccount, LabelKind } from '../accounts/carrier-account';
import type { BookedShipmentRef, Carrier } from '../carrier/carrier.port';
import type { LabelStore } from './label.store';
import type { LabelUrlSigner } from './label-url.signer';
import { PdfLabelRenderer } from './pdf-label.pool';
import { renderZplLabel } from './zpl-label.renderer';

const URL_FIELD: Record<LabelKind, keyof LabelUrls> = {
  carrier_pdf: 'carrier_pdf_label_url',
  service_pdf: 'service_pdf_label_url',
  service_zpl: 'service_zpl_label_url',
};

/** Renders and stores a booked shipment's labels and answers their signed URLs. */
export class LabelService {
  constructor(
    private readonly store: LabelStore,
    private readonly signer: LabelUrlSigner,
    private readonly renderer: PdfLabelRenderer = new PdfLabelRenderer(),
  ) {}

  /** Generates every label (the carrier's own when it has one, the service's PDF and ZPL) and returns their URLs. */
  async generateAll(carrier: Carrier, booking: BookedShipmentRef): Promise<LabelUrls> {
    const { tenantId, shipmentId } = booking.shipment;
    const kinds: LabelKind[] = [];
    const [carrierPdf] = await Promise.all([
      carrier.capabilities.labelFormats.includes('carrier_pdf') ? carrier.fetchLabel(booking) : undefined,
      this.saveServiceLabels(tenantId, shipmentId, booking.trackingNo, booking.shipment.content),
    ]);
    if (carrierPdf) {
      await this.store.save(tenantId, shipmentId, { kind: 'carrier_pdf', trackingNo: booking.trackingNo, contentType: 'application/pdf', content: carrierPdf });
      kinds.push('carrier_pdf');
    }
    kinds.push('service_pdf', 'service_zpl');
    return this.urls(booking.account, tenantId, shipmentId, kinds);
  }

  /** label/refresh: re-renders the default label when it is missing and returns fresh URLs. */
  async regenerateDefault(carrier: Carrier, booking: BookedShipmentRef): Promise<LabelUrls> {
    const { tenantId, shipmentId } = booking.shipment;
    const kind = this.defaultKind(booking.account, carrier);
    if (!(await this.store.get(tenantId, shipmentId, kind))) {
      if (kind === 'carrier_pdf') {
        const pdf = await carrier.fetchLabel(booking);
        if (pdf) await this.store.save(tenantId, shipmentId, { kind, trackingNo: booking.trackingNo, contentType: 'application/pdf', content: pdf });
      } else {
        await this.saveServiceLabels(tenantId, shipmentId, booking.trackingNo, booking.shipment.content);
      }
    }
    const kinds: LabelKind[] = [];
    for (const candidate of ['carrier_pdf', 'service_pdf', 'service_zpl'] as const) {
      if (await this.store.get(tenantId, shipmentId, candidate)) kinds.push(candidate);
    }
    return this.urls(booking.account, tenantId, shipmentId, kinds);
  }

  private async saveServiceLabels(tenantId: string, shipmentId: string, trackingNo: string, content: ShipmentContent): Promise<void> {
    const shipment = { shipmentId, content };
    const pdf = await this.renderer.render({ issuer: 'Shipledger', trackingNo, shipment });
    const zpl = Buffer.from(renderZplLabel(trackingNo, shipment), 'utf8');
    await this.store.save(tenantId, shipmentId, { kind: 'service_pdf', trackingNo, contentType: 'application/pdf', content: pdf });
    await this.store.save(tenantId, shipmentId, { kind: 'service_zpl', trackingNo, contentType: 'application/zpl', content: zpl });
  }

  private defaultKind(account: CarrierAccount, carrier: Carrier): LabelKind {
    if (account.defaultLabel === 'carrier_pdf' && !carrier.capabilities.labelFormats.includes('carrier_pdf')) return 'service_pdf';
    return account.defaultLabel;
  }

  private urls(account: CarrierAccount, tenantId: string, shipmentId: string, kinds: LabelKind[]): LabelUrls {
    const urls: LabelUrls = {};
    for (const kind of kinds) urls[URL_FIELD[kind]] = this.signer.url(tenantId, shipmentId, kind);
    const preferred = kinds.includes(account.defaultLabel) ? account.defaultLabel : kinds.find((k) => k === 'service_pdf') ?? kinds[0];
    if (preferred) urls.default_label_url = this.signer.url(tenantId, shipmentId, preferred);
    return urls;
  }
}
