import { ApiError } from '@shipledger/platform';
import { WrongExpectedRevisionError } from '@shipledger/event-store';
import {
  decide,
  LIFECYCLE_TRANSITIONS,
  MANUAL_STATUS_TRANSITIONS,
  SHIPMENT_STATUSES,
  ShipmentCommandRejected,
  type LifecycleTrigger,
  type ShipmentCommand,
  type ShipmentStatus,
} from '../../domain/shipment';
import { ASSIGNED, STAMP, shipmentIn } from '../../domain/shipment/shipment.fixtures';
import { DuplicateReferenceError } from './shipment-references';
import { toHttpError } from './shipment-errors.filter';

const commands: Record<LifecycleTrigger, ShipmentCommand> = {
  confirm: { type: 'ConfirmShipment', carrier: ASSIGNED, booking_attempt_id: 'a', ...STAMP },
  reprocess: { type: 'ReprocessShipment', carrier: ASSIGNED, booking_attempt_id: 'a', ...STAMP },
  cancel: { type: 'CancelShipment', ...STAMP },
  reassign: { type: 'ReassignShipment', carrier: ASSIGNED, booking_attempt_id: 'a', ...STAMP },
  ready_to_ship: { type: 'MarkShipmentReadyToShip', ...STAMP },
};

function httpAnswer(command: ShipmentCommand, status: ShipmentStatus): ApiError {
  try {
    decide(command, shipmentIn(status));
  } catch (error) {
    const mapped = toHttpError(error);
    if (mapped instanceof ApiError) return mapped;
    throw error;
  }
  throw new Error(`${command.type} from ${status} was allowed`);
}

describe('every refused cell of both tables answers 400 with the domain message', () => {
  const lifecycle = (Object.keys(LIFECYCLE_TRANSITIONS) as LifecycleTrigger[]).flatMap((trigger) =>
    SHIPMENT_STATUSES.filter((status) => !LIFECYCLE_TRANSITIONS[trigger].from.includes(status)).map((status) => [trigger, status] as const));

  it.each(lifecycle)('%s from %s → 400', (trigger, status) => {
    const answer = httpAnswer(commands[trigger], status);
    expect(answer.status).toBe(400);
    expect(answer.messages[0]).toMatch(new RegExp(status));
  });

  const manual = (Object.keys(MANUAL_STATUS_TRANSITIONS) as (keyof typeof MANUAL_STATUS_TRANSITIONS)[]).flatMap((target) =>
    SHIPMENT_STATUSES.filter((status) => !(MANUAL_STATUS_TRANSITIONS[target] as readonly string[]).includes(status)).map((status) => [target, status] as const));

  it.each(manual)('update-status to %s from %s → 400', (target, status) => {
    const answer = httpAnswer({ type: 'UpdateShipmentStatus', new_status: target, ...STAMP }, status);
    expect({ status: answer.status, message: answer.messages[0] }).toEqual({
      status: 400,
      message: `Status change is not allowed from current status: '${status}' to the new status: '${target}'`,
    });
  });
});

describe('other errors', () => {
  it('not found → 404, duplicate reference → 400, exhausted retries → 409, anything else untouched', () => {
    expect(toHttpError(new ShipmentCommandRejected('not_found', 'No shipment found with the shipment id: x'))).toMatchObject({ status: 404 });
    expect(toHttpError(new DuplicateReferenceError())).toMatchObject({ status: 400, messages: ['Duplicate partner shipment reference'] });
    expect(toHttpError(new WrongExpectedRevisionError('shipment-x', 3, 4))).toMatchObject({ status: 409 });
    const other = new Error('boom');
    expect(toHttpError(other)).toBe(other);
  });
});
