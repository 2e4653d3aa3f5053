import { randomBytes } from 'node:crypto';
import { deliveryHeaders } from '@shipledger/webhooks';
import { nodeVerifies, pythonVerifies, snippetOf, type VerificationCase } from './support/verification-snippets';

/**
 * docs/api/webhooks.md "Verifying a delivery": the Node and Python snippets, taken from the doc as
 * written, accept what the service's sender signs (deliveryHeaders) and refuse every tampering. PHP is not installed on the build machine: its snippet is not run.
 */
describe('the receivers\' signature verification snippets in docs/api/webhooks.md', () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const other = `whsec_${randomBytes(32).toString('base64')}`;
  const body = Buffer.from(JSON.stringify({ shipment_id: 'S-1', status: 'booked', contact_name: 'Zoë Ærø 東京' }));
  const at = new Date();
  const now = Math.floor(at.getTime() / 1000);
  // The sender's own header builder (what goes on the wire), names lower-cased as a receiver's framework gives them.
  const headers = (signingSecrets: string[], id = 'msg_1', when = at): Record<string, string> => Object.fromEntries(
    Object.entries(deliveryHeaders({ event_id: id, trigger: 'booked', aggregate_version: 3, body: body.toString() }, {}, signingSecrets, when))
      .map(([name, value]) => [name.toLowerCase(), value]));

  const cases: Array<[string, VerificationCase, boolean]> = [
    ['signed by the secret', { secret, headers: headers([secret]), body }, true],
    ['rotation overlap: the old and the new secret both sign', { secret, headers: headers([other, secret]), body }, true],
    ['signed by another secret', { secret, headers: headers([other]), body }, false],
    ['a byte of the body changed', { secret, headers: headers([secret]), body: Buffer.from(body.toString().replace('booked', 'booket')) }, false],
    ['another webhook-id than signed', { secret, headers: { ...headers([secret]), 'webhook-id': 'msg_2' }, body }, false],
    ['timestamp 6 minutes old', { secret, headers: headers([secret], 'msg_1', new Date(at.getTime() - 360_000)), body, nowSeconds: now }, false],
    ['timestamp 4 minutes old', { secret, headers: headers([secret], 'msg_1', new Date(at.getTime() - 240_000)), body, nowSeconds: now }, true],
    ['no signature header', { secret, headers: { ...headers([secret]), 'webhook-signature': '' }, body }, false],
    ['a v2 entry with the right bytes', { secret, headers: { ...headers([secret]), 'webhook-signature': headers([secret])['webhook-signature'].replace('v1,', 'v2,') }, body }, false],
    ['garbage signature', { secret, headers: { ...headers([secret]), 'webhook-signature': 'v1,not-base64!! v1' }, body }, false],
  ];

  it('the doc holds a Node, a Python and a PHP snippet', () => {
    expect(snippetOf('js')).toContain('timingSafeEqual');
    expect(snippetOf('python')).toContain('compare_digest');
    expect(snippetOf('php')).toContain('hash_equals');
  });

  it('Node: accepts exactly the genuine deliveries', async () => {
    const results = await nodeVerifies(cases.map(([, c]) => c));
    expect(cases.map(([name], i) => [name, results[i]])).toEqual(cases.map(([name, , expected]) => [name, expected]));
  });

  it('Python: accepts exactly the genuine deliveries', async () => {
    const results = await pythonVerifies(cases.map(([, c]) => c));
    expect(cases.map(([name], i) => [name, results[i]])).toEqual(cases.map(([name, , expected]) => [name, expected]));
  });
});
