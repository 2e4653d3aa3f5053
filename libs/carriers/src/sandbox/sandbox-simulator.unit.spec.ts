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
