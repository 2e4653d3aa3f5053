import { startCarriersHarness, type CarriersHarness } from './carriers-harness';

describe('lazy labels (the default: rendered on first fetch, then kept)', () => {
  let h: CarriersHarness;
  beforeAll(async () => { h = await startCarriersHarness('pglite'); });
  afterAll(async () => { await h.close(); });

  const booking = () => h.context.reactors().find((r) => r.name === 'carrier-booking')!;
  const rows = (table: 'labels' | 'label_sources', shipmentId: string) =>
    h.database.kysely.withSchema('carriers').selectFrom(table).select(['kind', 'tracking_no']).where('shipment_id', '=', shipmentId).orderBy('kind').execute();

  it('a booking renders nothing, answers every link, and each label is rendered once, on its first fetch', async () => {
    // Given a booked shipment
    const account = await h.createAccount();
    const { shipmentId, request } = await h.confirmedShipment(account);
    await booking().handle(request);
    const booked = (await h.stream(shipmentId)).find((e) => e.type === 'ShipmentBooked')!;
    const { tracking_no: trackingNo, labels } = booked.data as { tracking_no: string; labels: Record<string, string> };

    // Then its links are all there, but no label was rendered: only their sources were noted
    expect(Object.keys(labels).sort()).toEqual(['carrier_pdf_label_url', 'default_label_url', 'service_pdf_label_url', 'service_zpl_label_url']);
    expect(await rows('labels', shipmentId)).toEqual([]);
    expect(await rows('label_sources', shipmentId)).toEqual(['carrier_pdf', 'service_pdf', 'service_zpl'].map((kind) => ({ kind, tracking_no: trackingNo })));

    // When the service PDF and the ZPL are fetched the first time
    const [pdfSource] = await h.context.labelStore.sourceCandidates(shipmentId, 'service_pdf');
    const [zplSource] = await h.context.labelStore.sourceCandidates(shipmentId, 'service_zpl');
    const pdf = await h.context.renderLabel(shipmentId, pdfSource!);
    const zpl = await h.context.renderLabel(shipmentId, zplSource!);

    // Then they are rendered for this booking and kept for the next fetch
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(zpl?.content.toString()).toContain(trackingNo);
    expect(await rows('labels', shipmentId)).toEqual(['service_pdf', 'service_zpl'].map((kind) => ({ kind, tracking_no: trackingNo })));
  });

  it('a new booking of the shipment drops the labels rendered for the earlier one', async () => {
    const account = await h.createAccount();
    const { shipmentId } = await h.confirmedShipment(account);
    await h.context.labelStore.save(h.tenantId, shipmentId, { kind: 'service_pdf', trackingNo: 'SBX-OLD', contentType: 'application/pdf', content: Buffer.from('%PDF-old') });
    await h.context.labelStore.reserveSources(h.tenantId, shipmentId, ['service_pdf', 'service_zpl'], { trackingNo: 'SBX-NEW', requestId: 'r-new', carrierAccountId: account.carrierAccountId });
    expect(await h.context.labelStore.get(h.tenantId, shipmentId, 'service_pdf')).toBeUndefined();
    expect((await h.context.labelStore.sourceCandidates(shipmentId, 'service_pdf'))[0]?.trackingNo).toBe('SBX-NEW');
  });
});
