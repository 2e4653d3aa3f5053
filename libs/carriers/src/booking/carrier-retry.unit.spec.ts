import { CarrierUnavailableError, type CarrierOutcome } from '../carrier/carrier.port';
import { callWithRetry } from './carrier-retry';

describe('the carrier retry budget', () => {
  const policy = { attempts: 4, baseDelayMs: 100, maxDelayMs: 250 };

  it('given a carrier that never answers, it calls `attempts` times with doubling pauses, then answers carrier_unavailable', async () => {
    const pauses: number[] = [];
    let calls = 0;
    const outcome = await callWithRetry(policy, async (): Promise<CarrierOutcome<string>> => {
      calls++;
      throw new CarrierUnavailableError('no answer');
    }, async (ms) => { pauses.push(ms); });
    expect(calls).toBe(4);
    expect(pauses).toEqual([100, 200, 250]);
    expect(outcome).toEqual({ ok: false, errors: [expect.objectContaining({ code: 'carrier_unavailable', type: 'TECHNICAL', message: 'The carrier did not answer after 4 tries' })] });
  });

  it('given an answer within the budget, it is returned as it is', async () => {
    let calls = 0;
    const outcome = await callWithRetry(policy, async () => {
      if (++calls < 3) throw new CarrierUnavailableError('busy');
      return { ok: true, value: 'booked' } as const;
    }, async () => undefined);
    expect(outcome).toEqual({ ok: true, value: 'booked' });
    expect(calls).toBe(3);
  });

  it('given any other error, it is not retried here (the reactor runner handles it)', async () => {
    let calls = 0;
    await expect(callWithRetry(policy, async () => { calls++; throw new Error('database down'); }, async () => undefined)).rejects.toThrow('database down');
    expect(calls).toBe(1);
  });
});
