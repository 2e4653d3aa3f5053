import type { ShipmentStatus } from '@shipledger/shipping';

/** Named lifecycles a shipment can ask the sandbox for through the `sandbox_scenario` custom attribute. */
export const SANDBOX_SCENARIOS = [
  'delivered',
  'delivered_after_failed_attempt',
  'rejected_at_booking',
  'lost_in_transit',
  'returned_to_sender',
] as const;
export type SandboxScenario = (typeof SANDBOX_SCENARIOS)[number];

export const SCENARIO_ATTRIBUTE = 'sandbox_scenario';

export interface SandboxStep {
  status: ShipmentStatus;
  carrierStatus: string;
  description: string;
  location: string;
}

const step = (status: ShipmentStatus, carrierStatus: string, description: string, location: string): SandboxStep =>
  ({ status, carrierStatus, description, location });

const PICKED_UP = step('shipped', 'PU', 'Picked up by the sandbox courier', 'Origin hub');
const IN_TRANSIT = step('in_transit', 'IT', 'In transit between hubs', 'Sorting centre');
const OUT_FOR_DELIVERY = step('out_for_delivery', 'OFD', 'Out for delivery', 'Destination depot');
const DELIVERED = step('delivered', 'DL', 'Delivered to the recipient', 'Destination');
const FAILED_ATTEMPT = step('failed_delivery_attempt', 'FA', 'Delivery attempt failed: recipient not available', 'Destination');

/** The tracking steps each scenario reports, one per sandbox clock tick. */
export const SCENARIO_STEPS: Record<SandboxScenario, readonly SandboxStep[]> = {
  delivered: [PICKED_UP, IN_TRANSIT, OUT_FOR_DELIVERY, DELIVERED],
  delivered_after_failed_attempt: [PICKED_UP, IN_TRANSIT, OUT_FOR_DELIVERY, FAILED_ATTEMPT, OUT_FOR_DELIVERY, DELIVERED],
  rejected_at_booking: [],
  lost_in_transit: [PICKED_UP, IN_TRANSIT, step('missing', 'LOST', 'Shipment cannot be located', 'Sorting centre')],
  returned_to_sender: [
    PICKED_UP, IN_TRANSIT, OUT_FOR_DELIVERY, FAILED_ATTEMPT,
    step('return_in_transit', 'RTS', 'Returning to sender', 'Destination depot'),
    step('returned', 'RTD', 'Returned to the sender', 'Origin'),
  ],
};

/** The scenario a shipment names, 'delivered' when none; undefined when it names an unknown one. */
export function scenarioOf(customAttributes: Record<string, string[]> | undefined): SandboxScenario | undefined {
  const named = customAttributes?.[SCENARIO_ATTRIBUTE]?.[0];
  if (named === undefined) return 'delivered';
  return (SANDBOX_SCENARIOS as readonly string[]).includes(named) ? (named as SandboxScenario) : undefined;
}
