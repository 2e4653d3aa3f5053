import { SandboxSimulator } from './sandbox-simulator';
import type { SandboxStore } from './sandbox-store';
import type { TrackingIngestionService } from '../tracking/tracking-ingestion.service';

describe('SandboxSimulator timer', () => {
  afterEach(() => jest.useRealTimers());

  it('skips ticks while a pass is still running instead of queueing passes behind it', async () => {
    jest.useFakeTimers();
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => { release = resolve; });
    const activeBookings = jest.fn(async () => {
      await blocked;
      return [];
    });
    const simulator = new SandboxSimulator({ activeBookings } as unknown as SandboxStore, {} as TrackingIngestionService);
    simulator.start(10);

    // Given a pass that takes far longer than the interval
    await jest.advanceTimersByTimeAsync(100);
    expect(activeBookings).toHaveBeenCalledTimes(1);

    // When it finishes, the next tick starts the next pass (one, not the nine ticks that went by)
    release();
    await jest.advanceTimersByTimeAsync(10);
    expect(activeBookings).toHaveBeenCalledTimes(2);
    await simulator.stop();
  });
});

describe('SandboxSimulator stop', () => {
  it('given a pass with many due steps, when stopped mid-pass, then it ends after the step it is reporting', async () => {
    const booking = (requestId: string) => ({
      request_id: requestId, tenant_id: 'T1', carrier_account_id: 'A1', tracking_no: `TN-${requestId}`, scenario: 'delivered',
      booked_at: new Date(0).toISOString(), step_seconds: 1, steps_reported: 0, status: 'booked',
    });
    let release!: () => void;
    const firstStep = new Promise<void>((resolve) => { release = resolve; });
    const record = jest.fn(async () => { await firstStep; return 'recorded'; });
    const markReported = jest.fn(async () => undefined);
    const store = {
      activeBookings: async () => [booking('R1'), booking('R2')],
      now: async () => new Date(3_600_000), // every step of both bookings is due
      markReported,
      setStatus: jest.fn(async () => undefined),
    };
    const simulator = new SandboxSimulator(store as unknown as SandboxStore, { record } as unknown as TrackingIngestionService);

    // Given a pass reporting its first step
    const pass = simulator.tick();
    await new Promise((resolve) => setImmediate(resolve));
    expect(record).toHaveBeenCalledTimes(1);

    // When the simulator is stopped, then the pass counts that step and reports no other
    const stopped = simulator.stop();
    release();
    await stopped;
    expect(await pass).toBe(1);
    expect(record).toHaveBeenCalledTimes(1);
    expect(markReported).toHaveBeenCalledTimes(1);
  });
});
