import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import { deliver, isDeliveringFor } from './delivery-context';

describe('delivery context: which subscription is delivering, on only while a delivery is in flight', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps each delivery its own subscription across awaits, when deliveries overlap and settle out of order', async () => {
    // Given two subscriptions whose deliveries overlap
    const first = {};
    const second = {};
    let releaseFirst!: () => void;
    const firstGate = new Promise<void>((resolve) => (releaseFirst = resolve));
    const seenByFirst: boolean[] = [];
    const firstDelivery = deliver(first, async () => {
      seenByFirst.push(isDeliveringFor(first));
      await firstGate;
      await tick();
      seenByFirst.push(isDeliveringFor(first), isDeliveringFor(second));
    });
    // When the second starts and settles while the first still waits
    let seenBySecond: boolean[] = [];
    await deliver(second, async () => {
      await tick();
      seenBySecond = [isDeliveringFor(second), isDeliveringFor(first)];
    });
    releaseFirst();
    await firstDelivery;
    // Then each saw itself, and only itself, before and after its awaits
    expect(seenBySecond).toEqual([true, false]);
    expect(seenByFirst).toEqual([true, true, false]);
    // And outside any delivery no subscription is delivering
    expect(isDeliveringFor(first)).toBe(false);
    expect(isDeliveringFor(second)).toBe(false);
  });

  it('disables the storage (and with it the process-wide promise hooks) when the last delivery settles, and enables it again for the next', async () => {
    // Given deliveries that overlap
    const disable = jest.spyOn(AsyncLocalStorage.prototype, 'disable');
    const subscription = {};
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const waiting = deliver(subscription, () => gate);
    // When one settles while the other is in flight
    await deliver(subscription, async () => undefined);
    // Then the storage stays on
    expect(disable).not.toHaveBeenCalled();
    // When the last one settles
    release();
    await waiting;
    // Then it is off
    expect(disable).toHaveBeenCalledTimes(1);
    // And a later delivery still knows its subscription
    let seen = false;
    await deliver(subscription, async () => {
      await tick();
      seen = isDeliveringFor(subscription);
    });
    expect(seen).toBe(true);
    expect(disable).toHaveBeenCalledTimes(2);
  });

  it('settles the count when onEvent throws', async () => {
    // Given a delivery that fails
    const disable = jest.spyOn(AsyncLocalStorage.prototype, 'disable');
    const failure = new Error('projector failed');
    // When it is delivered
    await expect(deliver({}, async () => {
      throw failure;
    })).rejects.toBe(failure);
    // Then the storage is off again
    expect(disable).toHaveBeenCalledTimes(1);
  });
});
