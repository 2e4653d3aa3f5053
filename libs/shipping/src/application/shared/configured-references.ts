import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@shipledger/platform';
import { applyPatch, type Address, type ErrorDetail, type Schedule, type ShipmentContent, type ShipmentPatch } from '../../domain/shipment';
import { SHIPMENT_CONFIGURATION, type ShipmentConfiguration } from '../ports/shipment-configuration.port';

/** Something a shipment names that the tenant's configuration does not have (or not for its merchant). */
export interface ReferenceProblem {
  code: 'partner_location_invalid' | 'delivery_type_invalid' | 'time_slot_invalid' | 'custom_attribute_invalid' | 'custom_attribute_value_invalid';
  field: string;
  message: string;
}

const ADDRESSES = ['pickup', 'dropoff'] as const;
const SCHEDULES = ['delivery', 'collection'] as const;

/**
 * What a shipment request names in the configuration: pickup/dropoff by partner_location_id or
 * partner_location_code (the stored location fills the address fields left out), delivery.delivery_type,
 * the time slot of a delivery or collection window, and custom attributes. `examine` answers the body
 * with what the configuration fills in, and the problems; create and update refuse problems with a 400,
 * confirm and reprocess record them as booking errors (the 200-with-error answer).
 */
@Injectable()
export class ConfiguredReferences {
  constructor(@Inject(SHIPMENT_CONFIGURATION) private readonly configuration: ShipmentConfiguration) {}

  async examine(tenantId: string, merchant: string | undefined, patch: ShipmentPatch): Promise<{ patch: ShipmentPatch; problems: ReferenceProblem[] }> {
    const problems: ReferenceProblem[] = [];
    const filled: ShipmentPatch = { ...patch };
    for (const which of ADDRESSES) {
      const address = patch[which];
      if (address) filled[which] = await this.address(tenantId, merchant, which, address, problems);
    }
    const deliveryType = patch.delivery?.delivery_type;
    if (deliveryType && !(await this.configuration.isDeliveryTypeAllowed(tenantId, merchant, deliveryType))) {
      problems.push({ code: 'delivery_type_invalid', field: 'delivery.delivery_type', message: `delivery type ${deliveryType} is not configured for merchant ${merchant ?? ''}` });
    }
    for (const which of SCHEDULES) {
      const schedule = patch[which];
      if (schedule?.time_slot_id) filled[which] = { ...schedule, ...(await this.slot(tenantId, which, schedule, problems)) };
    }
    if (patch.custom_attributes) problems.push(...await this.configuration.checkCustomAttributes(tenantId, merchant, patch.custom_attributes));
    return { patch: filled, problems };
  }

  /** Create and update: the body with the configuration filled in, or a 400 naming every problem. */
  async resolveOrRefuse<T extends ShipmentPatch>(tenantId: string, merchant: string | undefined, patch: T): Promise<T> {
    const { patch: filled, problems } = await this.examine(tenantId, merchant, patch);
    if (problems.length > 0) {
      // The code leads each message: the shipping error body is a list of strings.
      const details = problems.map(({ field, code, message }) => ({ field, message: `${code}: ${message}` }));
      throw new ApiError(400, details.map(({ field, message }) => `${field} : ${message}`), 'validation_failed', details);
    }
    return filled as T;
  }

  /**
   * Confirm and reprocess: everything the shipment names after the partial body is checked again (a
   * location deleted since the draft was made is a booking error now), and the body's own addresses and
   * windows are filled in.
   */
  async forBooking(tenantId: string, content: ShipmentContent, patch: ShipmentPatch | undefined): Promise<{ patch: ShipmentPatch | undefined; problems: ErrorDetail[] }> {
    const whole = patch ? applyPatch(content, patch) : content;
    const named: ShipmentPatch = {};
    for (const key of [...ADDRESSES, ...SCHEDULES, 'custom_attributes'] as const) if (whole[key] !== undefined) Object.assign(named, { [key]: whole[key] });
    const { patch: filled, problems } = await this.examine(tenantId, whole.merchant, named);
    const next = patch && { ...patch };
    if (next) for (const key of [...ADDRESSES, ...SCHEDULES]) if (next[key] !== undefined) Object.assign(next, { [key]: filled[key] });
    return { patch: next, problems: referenceErrorDetails(problems) };
  }

  private async address(tenantId: string, merchant: string | undefined, which: string, address: Address, problems: ReferenceProblem[]): Promise<Address> {
    const { partner_location_id: id, partner_location_code: code } = address;
    if (!id && !code) return address;
    const found = (id ? await this.configuration.resolveLocation(tenantId, merchant, id) : undefined)
      ?? (code ? await this.configuration.resolveLocation(tenantId, merchant, code) : undefined);
    if (!found) {
      const field = id ? `${which}.partner_location_id` : `${which}.partner_location_code`;
      problems.push({ code: 'partner_location_invalid', field, message: `no location ${id ?? code} for merchant ${merchant ?? ''}` });
      return address;
    }
    const given = Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined && value !== null && value !== ''));
    return { ...found.address, ...given, partner_location_id: found.location_id };
  }

  private async slot(tenantId: string, which: string, schedule: Schedule, problems: ReferenceProblem[]): Promise<Schedule> {
    const id = schedule.time_slot_id!;
    const slot = await this.configuration.findTimeSlot(tenantId, id);
    const field = `${which}.time_slot_id`;
    if (!slot) {
      problems.push({ code: 'time_slot_invalid', field, message: `no time slot ${id}` });
      return {};
    }
    const { scheduled_from: from, scheduled_to: to, scheduled_date: date } = schedule;
    if (!from && !to && date) return { scheduled_from: `${date}T${slot.from}:00.000Z`, scheduled_to: `${date}T${slot.to}:00.000Z` };
    // The window must be the slot's: its start and end times of day (UTC) are the slot's from and to.
    if ((from && timeOfDay(from) !== slot.from) || (to && timeOfDay(to) !== slot.to)) {
      problems.push({ code: 'time_slot_invalid', field, message: `the window does not match time slot ${id} (${slot.from}–${slot.to} UTC)` });
    }
    return {};
  }
}

const timeOfDay = (isoDateTime: string): string => isoDateTime.slice(11, 16);

/** Problems as booking errors: the status error answer of confirm and reprocess. */
export function referenceErrorDetails(problems: readonly ReferenceProblem[]): ErrorDetail[] {
  return problems.map(({ code, field, message }) => ({ level: 'ERROR', trigger: 'BOOKING', source: 'shipledger', type: 'VALIDATION', code, field, message }));
}
