import { ACCOUNT, STAMP, shipmentIn } from './shipment.fixtures';
import type { EstimateShippingCost, ShippingQuote } from './shipment.commands';
import type { ShippingCost } from './shipment.content';
import { decide } from './shipment.decide';
import { ShipmentCommandRejected, ShipmentMessages } from './shipment.errors';
import { fold } from './shipment.evolve';
import type { ShipmentStatus } from './shipment.status';

const COST: ShippingCost = {
  amount: 9.5,
  currency: 'EUR',
  breakdown: [
    { amount: 5, currency: 'EUR', description: 'Base fee (domestic)' },
    { amount: 4.5, currency: 'EUR', description: 'Weight 3 kg at 1.5 per kg' },
  ],
};

function estimate(quote: ShippingQuote): EstimateShippingCost {
  return { type: 'EstimateShippingCost', quote, ...STAMP };
}

describe('estimate shipping cost', () => {
  it('records the carrier price on a draft, and the state shows it', () => {
    const draft = shipmentIn('draft');
    const events = decide(estimate({ kind: 'rated', carrier_account: ACCOUNT, cost: COST }), draft);
    expect(events).toEqual([{
      type: 'ShipmentShippingCostEstimated',
      data: { estimated_shipping_cost: COST, carrier_account: ACCOUNT, ...STAMP },
    }]);
    const after = fold(events, draft);
    expect(after.estimated_shipping_cost).toEqual(COST);
    expect(after.status).toBe('draft');
    expect(after.carrier_account).toBeUndefined();
  });

  it.each<ShipmentStatus>(['pending', 'booked', 'error', 'cancelled'])('refuses a %s shipment naming its status', (status) => {
    const act = () => decide(estimate({ kind: 'rated', carrier_account: ACCOUNT, cost: COST }), shipmentIn(status));
    expect(act).toThrow(new ShipmentCommandRejected('not_draft', ShipmentMessages.notDraftForEstimate(status)));
    expect(act).toThrow(`Current shipment status: ${status}.`);
  });

  it('refuses an unrated quote with the carrier reasons, ignoring warnings', () => {
    const act = () => decide(estimate({
      kind: 'unrated',
      error_details: [
        { level: 'WARNING', trigger: 'BOOKING', source: 'CARRIER', type: 'VALIDATION', code: 'email_missing', message: 'no email' },
        { level: 'ERROR', trigger: 'BOOKING', source: 'CARRIER', type: 'VALIDATION', code: 'country_invalid', message: 'The carrier does not deliver to FR' },
      ],
    }), shipmentIn('draft'));
    expect(act).toThrow('The shipping cost could not be estimated: The carrier does not deliver to FR');
    let caught: unknown;
    try {
      act();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ShipmentCommandRejected);
    expect((caught as ShipmentCommandRejected).code).toBe('not_rated');
  });
});
