import type { ShipmentState } from '../../domain/shipment/shipment.state';

/**
 * What GET /shipments?search_string= matches, by prefix and case-insensitively: the shipment id, its
 * references, tracking number, and the contact names, phones and e-mails of its addresses. Works on the
 * shipment's JSON (the spec's shape), so it does not depend on how the aggregate state is laid out.
 */
type Json = Record<string, unknown>;

const ADDRESS_FIELDS = ['pickup', 'dropoff'] as const;
const MAX_TERM_LENGTH = 300;

export function searchTermsOf(shipment: Json): string[] {
  const terms = new Set<string>();
  const add = (value: unknown, options: { words?: boolean; phone?: boolean } = {}) => {
    if (typeof value !== 'string') return;
    const term = normaliseSearchText(value);
    if (term === '') return;
    terms.add(term.slice(0, MAX_TERM_LENGTH));
    // "smi" finds "John Smith": each later word of a name is a prefix entry too.
    if (options.words) for (const word of term.split(' ').slice(1)) if (word) terms.add(word);
    // "+971 50-123" and "97150123" find the same phone.
    if (options.phone) {
      const digits = phoneDigits(value);
      if (digits) terms.add(digits);
    }
  };

  add(shipment.shipment_id);
  const references = object(shipment.references);
  add(references.partner_shipment_reference);
  add(references.partner_order_reference);
  add(references.alternate_reference);
  for (const other of array(references.other_references)) add(other);
  const postShipping = object(shipment.post_shipping_info);
  add(postShipping.tracking_no);
  add(object(shipment.pre_booking_info).carrier_tracking_no);
  for (const field of ADDRESS_FIELDS) {
    const address = object(shipment[field]);
    add(address.contact_name, { words: true });
    add(address.contact_phone, { phone: true });
    add(address.contact_email);
  }
  return [...terms];
}

/** Lower-case, trimmed, inner whitespace collapsed: the form both the terms and the query take. */
export function normaliseSearchText(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The digits of something that looks like a phone number, or undefined. */
export function phoneDigits(value: string): string | undefined {
  if (!/^[+\d\s().-]+$/.test(value.trim())) return undefined;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 3 ? digits : undefined;
}

function object(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function array(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The search terms of an aggregate state (what the projector indexes). */
export function searchTermsOfState(state: ShipmentState): string[] {
  return searchTermsOf({
    ...state.content,
    shipment_id: state.shipment_id,
    post_shipping_info: { tracking_no: state.tracking_no },
  });
}
