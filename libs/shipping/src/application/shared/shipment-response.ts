import type { LabelUrls, ShipmentState } from '../../domain/shipment';

/**
 * The shipment as the API shows it: the request fields in snake_case, the service's dates, the
 * carrier account (`{}` when none) and post_shipping_info. Absent optional fields are left out.
 */
export function toShipmentResponse(state: ShipmentState): Record<string, unknown> {
  const { content } = state;
  return compact({
    shipment_id: state.shipment_id,
    merchant: content.merchant,
    entity_type: content.entity_type ?? 'FORWARD',
    order_type: content.order_type,
    carrier_account: carrierAccountOf(state),
    references: content.references,
    source: content.source,
    payment: content.payment,
    delivery: content.delivery,
    collection: content.collection,
    parcels: content.parcels ?? [],
    items: content.items ?? [],
    freight: content.freight,
    customs: content.customs,
    pickup: content.pickup,
    dropoff: content.dropoff,
    pre_booked: content.pre_booked ?? false,
    pre_booking_info: content.pre_booking_info,
    custom_attributes: content.custom_attributes ?? {},
    language: content.language,
    order_date: content.order_date,
    // The merchant's own process date wins over the service-level estimate.
    estimated_process_date: content.estimated_process_date ?? state.service_levels?.estimated_process_date,
    promised_delivery_date: state.promised_delivery_date,
    original_promised_delivery_date: state.original_promised_delivery_date,
    estimated_shipping_cost: state.estimated_shipping_cost,
    creation_date: state.creation_date,
    confirmation_date: state.confirmation_date,
    update_date: state.update_date,
    documents: state.documents.map((doc) => compact({
      document_id: doc.document_id,
      document_name: doc.document_name,
      carrier_upload_status: doc.carrier_upload_status ?? null,
      message: doc.message,
    })),
    post_shipping_info: compact({
      status: state.status,
      key_milestones: { ...state.key_milestones },
      error_details: state.error_details,
      tracking_no: state.tracking_no,
      reason_code: state.reason_code,
      ...state.labels,
      estimated_ship_date: state.service_levels?.estimated_ship_date,
      estimated_delivery_date: state.service_levels?.estimated_delivery_date,
      // The carrier's tracking comes after: its estimated_delivery_date, when it gives one, wins.
      ...state.tracking,
      parcel_tracking_numbers: state.parcel_tracking_numbers,
      failed_delivery_attempts: state.failed_delivery_attempts,
      documents: labelDocuments(state.labels),
    }),
  });
}

type CarrierAccountView = { carrier: string | null; carrier_id: string | null; carrier_account_name: string | null } | Record<string, never>;

/**
 * Always `{carrier, carrier_id, carrier_account_name}`, `null` where a value is not known (a prebooked
 * shipment has a carrier but no account; a draft names its account by id or by name only), or `{}`
 * when no account is assigned or named.
 */
function carrierAccountOf(state: ShipmentState): CarrierAccountView {
  const account: { carrier?: string; carrier_id?: string; carrier_account_name?: string } | undefined =
    state.carrier_account ?? state.content.carrier_account;
  if (!account) return {};
  const view = {
    carrier: account.carrier || null,
    carrier_id: account.carrier_id || null,
    carrier_account_name: account.carrier_account_name || null,
  };
  return view.carrier || view.carrier_id || view.carrier_account_name ? view : {};
}

const LABEL_DOCUMENTS: ReadonlyArray<{ field: keyof LabelUrls; name: string; source: string; format: string }> = [
  { field: 'carrier_pdf_label_url', name: 'carrier_label', source: 'CARRIER', format: 'PDF' },
  { field: 'service_pdf_label_url', name: 'shipping_label', source: 'shipledger', format: 'PDF' },
  { field: 'service_zpl_label_url', name: 'shipping_label', source: 'shipledger', format: 'ZPL' },
];

/** post_shipping_info.documents: the labels a booking produced, as `{name, type, source, format, url}`. */
function labelDocuments(labels: LabelUrls): Array<Record<string, string>> {
  return LABEL_DOCUMENTS.flatMap(({ field, name, source, format }) => {
    const url = labels[field];
    return url ? [{ name, type: 'LABEL', source, format, url }] : [];
  });
}

function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
