import { deliveryEventId, responseExcerpt, DELIVERY_LIMITS } from './webhook-delivery';

describe('delivery event ids', () => {
  it('are UUID-shaped, the same for the same event and trigger, distinct per trigger and per event', () => {
    const a = deliveryEventId('5d1e0c2a-0000-4000-8000-000000000001', 'booked');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deliveryEventId('5d1e0c2a-0000-4000-8000-000000000001', 'booked')).toBe(a);
    expect(deliveryEventId('5d1e0c2a-0000-4000-8000-000000000001', 'promised_delivery_update')).not.toBe(a);
    expect(deliveryEventId('5d1e0c2a-0000-4000-8000-000000000002', 'booked')).not.toBe(a);
  });
});

describe('response excerpts', () => {
  it('keep a bounded, single-line beginning of the answer', () => {
    expect(responseExcerpt('  ok\n\n thanks ')).toBe('ok thanks');
    const long = responseExcerpt('x'.repeat(5000));
    expect(long).toHaveLength(DELIVERY_LIMITS.responseExcerpt);
    expect(long.endsWith('…')).toBe(true);
  });
});
