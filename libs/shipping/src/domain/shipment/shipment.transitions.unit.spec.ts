import { ACCOUNT, ASSIGNED, STAMP, shipmentIn } from './shipment.fixtures';
import type { ShipmentCommand } from './shipment.commands';
import { decide } from './shipment.decide';
import { ShipmentCommandRejected } from './shipment.errors';
import { evolve } from './shipment.evolve';
import type { ShipmentState } from './shipment.state';
import { SHIPMENT_STATUSES, type ShipmentStatus } from './shipment.status';
import {
  EDITABLE_STATUSES,
  FINAL_STATUSES,
  LIFECYCLE_TRANSITIONS,
  MANUAL_STATUS_TRANSITIONS,
  type LifecycleTrigger,
} from './shipment.transitions';

function run(command: ShipmentCommand, state: ShipmentState): ShipmentState {
  return decide(command, state).reduce(evolve, state);
}

function rejection(command: ShipmentCommand, state: ShipmentState): ShipmentCommandRejected {
  try {
    decide(command, state);
  } catch (error) {
    if (error instanceof ShipmentCommandRejected) return error;
    throw error;
  }
  throw new Error(`expected ${command.type} to be rejected in status ${state.status}`);
}

const booking = { carrier: ASSIGNED, booking_attempt_id: 'attempt-1' };
const lifecycleCommands: Record<LifecycleTrigger, ShipmentCommand> = {
  confirm: { type: 'ConfirmShipment', ...booking, ...STAMP },
  reprocess: { type: 'ReprocessShipment', ...booking, ...STAMP },
  cancel: { type: 'CancelShipment', update_reason_code: 'CUSTOMER_REQUEST', ...STAMP },
  reassign: { type: 'ReassignShipment', ...booking, ...STAMP },
  ready_to_ship: { type: 'MarkShipmentReadyToShip', ...STAMP },
};

const expectedMessage: Record<LifecycleTrigger, (status: ShipmentStatus) => string> = {
  confirm: (status) => `Only draft shipments can be confirmed. Current shipment status: ${status}.`,
  reprocess: (status) => `Current shipment status '${status}' does not allow reprocessing.`,
  cancel: (status) => `Status change is not allowed from current status: '${status}' to the new status: 'cancelled'`,
  reassign: (status) => `Status change is not allowed from current status: '${status}' to the new status: 'pending'`,
  ready_to_ship: (status) => `Status change is not allowed from current status: '${status}' to the new status: 'ready_to_ship'`,
};

describe('lifecycle table: every trigger from every status', () => {
  const cells = (Object.keys(LIFECYCLE_TRANSITIONS) as LifecycleTrigger[]).flatMap((trigger) =>
    SHIPMENT_STATUSES.map((status) => [trigger, status] as const),
  );

  it.each(cells)('%s from %s', (trigger, status) => {
    const state = shipmentIn(status);
    const row = LIFECYCLE_TRANSITIONS[trigger];
    if (row.from.includes(status)) {
      expect(run(lifecycleCommands[trigger], state).status).toBe(row.to);
    } else {
      const error = rejection(lifecycleCommands[trigger], state);
      expect(error.message).toBe(expectedMessage[trigger](status));
    }
  });

  it('cancel is refused from shipped with the message clients know', () => {
    expect(rejection(lifecycleCommands.cancel, shipmentIn('shipped')).message).toBe(
      "Status change is not allowed from current status: 'shipped' to the new status: 'cancelled'",
    );
  });

  it('confirm and reprocess send a booking request for the assigned account', () => {
    for (const status of ['draft', 'error'] as const) {
      const events = decide(lifecycleCommands.confirm, shipmentIn(status));
      expect(events.map((event) => event.type)).toEqual(['ShipmentConfirmed', 'ShipmentBookingRequested']);
      expect(events[1].data).toMatchObject({ booking_attempt_id: 'attempt-1', carrier_account: ACCOUNT, reason: 'confirm' });
    }
    const reprocessed = decide(lifecycleCommands.reprocess, shipmentIn('booked'));
    expect(reprocessed.map((event) => event.type)).toEqual(['ShipmentReprocessed', 'ShipmentBookingRequested']);
  });
});

describe('manual status table: every new_status from every status', () => {
  const targets = Object.keys(MANUAL_STATUS_TRANSITIONS) as (keyof typeof MANUAL_STATUS_TRANSITIONS)[];
  const cells = targets.flatMap((target) => SHIPMENT_STATUSES.map((status) => [target, status] as const));

  it.each(cells)('update-status to %s from %s', (target, status) => {
    const command: ShipmentCommand = { type: 'UpdateShipmentStatus', new_status: target, ...STAMP };
    const state = shipmentIn(status);
    if ((MANUAL_STATUS_TRANSITIONS[target] as readonly ShipmentStatus[]).includes(status)) {
      const next = run(command, state);
      expect(next.status).toBe(target);
      expect(next.key_milestones[target]).toBe(STAMP.at);
    } else {
      expect(rejection(command, state).message).toBe(
        `Status change is not allowed from current status: '${status}' to the new status: '${target}'`,
      );
    }
  });

  const notManual = SHIPMENT_STATUSES.filter((status) => !(status in MANUAL_STATUS_TRANSITIONS));
  it.each(notManual)('update-status to %s (not in the table) is refused from every status', (target) => {
    for (const status of SHIPMENT_STATUSES) {
      const command: ShipmentCommand = { type: 'UpdateShipmentStatus', new_status: target, ...STAMP };
      expect(rejection(command, shipmentIn(status)).code).toBe('status_change_not_allowed');
    }
  });
});

describe('rule 1: PUT and PATCH only in draft or error', () => {
  it.each(SHIPMENT_STATUSES)('PATCH in %s', (status) => {
    const command: ShipmentCommand = { type: 'UpdateShipment', mode: 'merge', patch: { language: 'en' }, ...STAMP };
    if (EDITABLE_STATUSES.includes(status)) {
      expect(run(command, shipmentIn(status)).content.language).toBe('en');
    } else {
      expect(rejection(command, shipmentIn(status)).message).toBe('Shipment shp-1 is not [draft, error].');
    }
  });
});

describe('rules 5 and 6: schedules and promise refused in final statuses', () => {
  const commands: ShipmentCommand[] = [
    { type: 'UpdateDeliveryPromise', promised_delivery_date: '2026-12-01T00:00:00.000Z', ...STAMP },
    { type: 'UpdateDeliverySchedule', schedule: { scheduled_date: '2026-12-01' }, ...STAMP },
    { type: 'UpdateCollectionSchedule', schedule: { scheduled_from: '2026-12-01T08:00:00.000Z', scheduled_to: '2026-12-01T12:00:00.000Z' }, ...STAMP },
  ];
  const cells = commands.flatMap((command) => SHIPMENT_STATUSES.map((status) => [command.type, status, command] as const));

  it.each(cells)('%s in %s', (_type, status, command) => {
    if (FINAL_STATUSES.includes(status)) {
      expect(rejection(command, shipmentIn(status)).code).toBe('final_status');
    } else {
      expect(decide(command, shipmentIn(status))).toHaveLength(1);
    }
  });
});
