import type { LabelUrls, ShipmentContent } from '@shipledger/shipping';
import type { CarrierAccount, LabelKind } from '../accounts/carrier-account';
import type { BookedShipmentRef, Carrier } from '../carrier/carrier.port';
import type { LabelStore, StoredLabel } from './label.store';
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
    /**
     * Lazy (the default): a booking only notes what its labels will be rendered from and answers their
     * links; each label is rendered on its first fetch and kept (renderOne). A PDF takes tens of ms of
     * CPU, two per booking, which is more than everything else a booking does: rendered at booking time
     * they held bookings to ~10/s on two cores. Eager: rendered before the booking is recorded.
     */
    private readonly lazy = false,
  ) {}

  /** Generates every label (the carrier's own when it has one, the service's PDF and ZPL) and returns their URLs. */
  async generateAll(carrier: Carrier, booking: BookedShipmentRef): Promise<LabelUrls> {
    const { tenantId, shipmentId } = booking.shipment;
    if (this.lazy) {
      const lazyKinds: LabelKind[] = [...(carrier.capabilities.labelFormats.includes('carrier_pdf') ? ['carrier_pdf' as const] : []), 'service_pdf', 'service_zpl'];
      await this.store.reserveSources(tenantId, shipmentId, lazyKinds, {
        trackingNo: booking.trackingNo, requestId: booking.requestId, carrierAccountId: booking.account.carrierAccountId,
      });
      return this.urls(booking.account, tenantId, shipmentId, lazyKinds);
    }
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

  /** Lazy labels: renders and keeps one label of a booking on its first fetch (undefined: the carrier has none). */
  async renderOne(carrier: Carrier, booking: BookedShipmentRef, kind: LabelKind): Promise<StoredLabel | undefined> {
    const { tenantId, shipmentId, content } = booking.shipment;
    const { trackingNo } = booking;
    let label: StoredLabel | undefined;
    if (kind === 'carrier_pdf') {
      const pdf = await carrier.fetchLabel(booking);
      label = pdf && { kind, trackingNo, contentType: 'application/pdf', content: pdf };
    } else if (kind === 'service_pdf') {
      label = { kind, trackingNo, contentType: 'application/pdf', content: await this.renderer.render({ issuer: 'Shipledger', trackingNo, shipment: { shipmentId, content } }) };
    } else {
      label = { kind, trackingNo, contentType: 'application/zpl', content: Buffer.from(renderZplLabel(trackingNo, { shipmentId, content }), 'utf8') };
    }
    if (label) await this.store.save(tenantId, shipmentId, label);
    return label;
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
