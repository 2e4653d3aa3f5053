/**
 * Which webhook triggers a shipment event raises (where-the-spec-is-silent, "Webhook delivery"): every
 * status change raises the new status's name; label and schedule events raise their update triggers.
 * One table, so that adding order triggers is one more table of the same shape.
 */
export const SHIPMENT_UPDATE_TRIGGERS = [
  'default_label_update', 'service_label_update', 'scheduled_collection_update', 'scheduled_delivery_update', 'promised_delivery_update',
] as const;
export type ShipmentUpdateTrigger = (typeof SHIPMENT_UPDATE_TRIGGERS)[number];

/** A stored event as the trigger rules see it: its type and data, plus the status before and after it. */
export interface TriggerInput {
  type: string;
  data: Record<string, unknown>;
  statusBefore: string | undefined;
  statusAfter: string | undefined;
}

type TriggerRule = (input: TriggerInput) => string[];

const labelTriggers: TriggerRule = ({ data }) => {
  const labels = (data.labels ?? {}) as Record<string, unknown>;
  const triggers: string[] = [];
  if (labels.default_label_url !== undefined || labels.carrier_pdf_label_url !== undefined) triggers.push('default_label_update');
  if (labels.service_pdf_label_url !== undefined || labels.service_zpl_label_url !== undefined) triggers.push('service_label_update');
  return triggers;
};

/** Event type → the update triggers it raises (status triggers come from the status change, whatever the event). */
export const SHIPMENT_EVENT_TRIGGERS: Readonly<Record<string, TriggerRule>> = {
  // A booking usually carries the first labels (the carriers reactor renders them before recording it).
  ShipmentBooked: labelTriggers,
  ShipmentLabelGenerated: labelTriggers,
  CollectionScheduleUpdated: () => ['scheduled_collection_update'],
  DeliveryScheduleUpdated: () => ['scheduled_delivery_update'],
  DeliveryPromiseUpdated: () => ['promised_delivery_update'],
};

/** The triggers of one shipment event, the status trigger first. */
export function shipmentTriggers(input: TriggerInput): string[] {
  const triggers: string[] = [];
  if (input.statusAfter !== undefined && input.statusAfter !== input.statusBefore) triggers.push(input.statusAfter);
  const rule = SHIPMENT_EVENT_TRIGGERS[input.type];
  if (rule) triggers.push(...rule(input));
  return triggers;
}
