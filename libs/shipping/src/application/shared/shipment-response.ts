import type { ShipmentState } from '../../domain/shipment';

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
    estimated_process_date: content.estimated_process_date,
    promised_delivery_date: state.promised_delivery_date,
    original_promised_delivery_date: state.original_promised_delivery_date,
    estimated_shipping_cost: state.estimated_shipping_cost,
    creation_date: state.creation_date,
    confirmation_date: state.confirmation_date,
    update_date: state.update_date,
    documents: state.documents.map((doc) => compact({
      document_id: doc.document_id,
      document_name: doc.document_name,
      carrier_upload_status: doc.carrier_upload_status,
      message: doc.message,
    })),
    post_shipping_info: compact({
      status: state.status,
      key_milestones: { ...state.key_milestones },
      error_details: state.error_details,
      tracking_no: state.tracking_no,
      reason_code: state.reason_code,
      ...state.labels,
      ...state.tracking,
      parcel_tracking_numbers: state.parcel_tracking_numbers,
      failed_delivery_attempts: state.failed_delivery_attempts,
    }),
  });
}

/** The assigned account; before any assignment, the account the request names (as given); else `{}`. */
function carrierAccountOf(state: ShipmentState): Record<string, string> {
  if (state.carrier_account) return { ...state.carrier_account };
  const requested = state.content.carrier_account;
  return requested ? compact({ ...requested }) as Record<string, string> : {};
}

function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
