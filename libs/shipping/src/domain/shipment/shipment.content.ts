/**
 * The shipment's field model (spec "Resources and their fields" + where-the-spec-is-silent extras), as
 * JSON-safe data in the spec's own snake_case: events carry it unchanged and the HTTP layer maps DTOs
 * onto it one to one. Every field is optional because a draft accepts partial data.
 */
export interface Money {
  amount?: number;
  currency?: string;
}

export interface Weight {
  value?: number;
  unit?: string;
}

export interface Dimension {
  width?: number;
  height?: number;
  depth?: number;
  unit?: string;
}

export interface RegistrationNumber {
  type_code?: string;
  value?: string;
  issuer_country_code?: string;
}

export interface Address {
  partner_location_id?: string;
  partner_location_code?: string;
  contact_name?: string;
  company_name?: string;
  contact_phone?: string;
  contact_email?: string;
  address1?: string;
  address2?: string;
  area?: string;
  city?: string;
  state?: string;
  postcode?: string;
  country?: string;
  coords?: number[];
  three_words_address?: string;
  registration_numbers?: RegistrationNumber[];
}

export interface ParcelItem {
  sku?: string;
  quantity?: number;
}

export interface Parcel {
  /** Set by the service (the application layer fills it before deciding). */
  parcel_id?: string;
  partner_parcel_reference?: string;
  description?: string;
  weight?: Weight;
  dimension?: Dimension;
  parcel_items?: ParcelItem[];
}

export interface Item {
  sku?: string;
  description?: string;
  barcode?: string;
  image_link?: string;
  origin_country?: string;
  quantity?: number;
  price?: Money;
  cost?: Money;
  weight?: Weight;
  dangerous_goods?: boolean;
  hs_code?: string;
  battery?: { material_type?: string; packing_type?: string };
}

export interface FreightPackage {
  package_reference?: string;
  type?: string;
  weight?: Weight;
  dimension?: Dimension;
  parent?: string;
}

export interface Customs {
  declared_value?: Money;
  incoterms?: string;
  declaration_statement?: string;
  seller?: Address;
  buyer?: Address;
  exporter?: Address;
  importer?: Address;
}

export interface Schedule {
  scheduled_from?: string;
  scheduled_to?: string;
  scheduled_date?: string;
  /** A configured time slot the window was given by (delivery and collection of a shipment request). */
  time_slot_id?: string;
}

export interface Delivery extends Schedule {
  delivery_type?: string;
}

export interface Payment {
  payment_mode?: 'PRE_PAID' | 'CASH_ON_DELIVERY';
  pending_amount?: number;
  total_amount?: number;
  currency?: string;
}

export interface References {
  partner_order_reference?: string;
  partner_shipment_reference?: string;
  alternate_reference?: string;
  other_references?: string[];
}

/** A carrier account as named in a request: carrier_id wins over carrier_account_name. */
export interface CarrierAccountRequest {
  carrier_id?: string;
  carrier_account_name?: string;
}

/** A custom attribute's values; in a patch `null` removes the attribute. */
export type CustomAttributes = Record<string, string[]>;

export interface ShipmentContent {
  merchant?: string;
  entity_type?: 'FORWARD' | 'REVERSE';
  order_type?: string;
  references?: References;
  source?: { source_type?: string };
  carrier_account?: CarrierAccountRequest;
  payment?: Payment;
  delivery?: Delivery;
  collection?: Schedule;
  parcels?: Parcel[];
  items?: Item[];
  freight?: { packages?: FreightPackage[] };
  customs?: Customs;
  pickup?: Address;
  dropoff?: Address;
  pre_booked?: boolean;
  pre_booking_info?: { input_carrier?: string; carrier_tracking_no?: string };
  custom_attributes?: CustomAttributes;
  language?: string;
  order_date?: string;
  estimated_process_date?: string;
}

/** A partial update: top-level objects replace whole; custom attributes merge, `null` removes one. */
export type ShipmentPatch = Omit<ShipmentContent, 'custom_attributes'> & {
  custom_attributes?: Record<string, string[] | null>;
};

/** The carrier account assigned to a shipment, as a response shows it. */
export interface AssignedCarrierAccount {
  carrier: string;
  carrier_id: string;
  carrier_account_name: string;
}

export type ErrorLevel = 'ERROR' | 'WARNING';

export interface ErrorDetail {
  level: ErrorLevel;
  trigger: 'BOOKING' | 'CANCELLATION' | 'TRACKING' | 'SCHEDULING';
  source: string;
  type: 'VALIDATION' | 'TECHNICAL' | 'UNKNOWN';
  message: string;
  code: string;
  field?: string;
}

/** A price with how it was made up (`estimated_shipping_cost`, and each rate of a checkout quote). */
export interface ShippingCost {
  amount: number;
  currency: string;
  breakdown: { amount: number; currency: string; description: string }[];
}
