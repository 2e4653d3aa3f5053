import { Webhook } from 'standardwebhooks';
import { deliveryHeaders } from './webhook-request';

const secretA = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const secretB = `whsec_${Buffer.alloc(32, 2).toString('base64')}`;
const message = { event_id: '1b4e28ba-2fa1-5d11-a05e-00a0c91e6bf6', trigger: 'booked', aggregate_version: 4, body: '{"shipment_id":"S-1"}' };

describe('delivery headers', () => {
  it('carry the spec headers, the aggregate version and a Standard Webhooks signature a receiver verifies', () => {
    const headers = deliveryHeaders(message, { 'x-shop': 'A' }, [secretA], new Date());
    expect(headers).toMatchObject({
      'x-shop': 'A', 'Content-Type': 'application/json', 'event-id': message.event_id, trigger: 'booked',
      'aggregate-version': '4', 'webhook-id': message.event_id,
    });
    expect(new Webhook(secretA).verify(message.body, headers)).toEqual({ shipment_id: 'S-1' });
    expect(() => new Webhook(secretB).verify(message.body, headers)).toThrow();
  });

  it('during a rotation overlap both secrets sign: either verifies', () => {
    const headers = deliveryHeaders(message, {}, [secretB, secretA], new Date());
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(secretA).verify(message.body, headers)).toBeTruthy();
    expect(new Webhook(secretB).verify(message.body, headers)).toBeTruthy();
  });
});
