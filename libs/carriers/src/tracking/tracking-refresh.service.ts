import { Counter } from 'prom-client';
import { metricsRegistry } from '@shipledger/platform';
import type { TrackedShipment, TrackingRefresher, TrackingRefreshOutcome } from '@shipledger/shipping';
import type { BookingStore } from '../booking/booking.store';
import type { SandboxSimulator } from '../sandbox/sandbox-simulator';

const refreshes = new Counter({
  name: 'shipledger_tracking_refresh_total',
  help: 'Shipments asked again by POST /shipments/bulk/status/refresh, by outcome',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** How long one shipment's refresh may take before it answers timed_out. */
export const TRACKING_REFRESH_TIMEOUT_MS = 5_000;
/** Carriers asked at once per call (100 shipments take 13 rounds at most). */
const CONCURRENCY = 8;

/**
 * Asks carriers again for tracking (shipping's TRACKING_REFRESHER port). Only carriers that can be
 * polled answer: the sandbox reports its due steps at once (the same path its timer takes, so the
 * events are recorded once whoever asks first). The HTTP carrier only pushes events: tracking_not_supported.
 */
export class TrackingRefreshService implements TrackingRefresher {
  constructor(private readonly bookings: BookingStore, private readonly simulator: SandboxSimulator, private readonly timeoutMs = TRACKING_REFRESH_TIMEOUT_MS) {}

  async refresh(tenantId: string, shipments: readonly TrackedShipment[]): Promise<TrackingRefreshOutcome[]> {
    const outcomes: TrackingRefreshOutcome[] = new Array(shipments.length);
    let next = 0;
    const worker = async () => {
      while (next < shipments.length) {
        const index = next++;
        outcomes[index] = await this.bounded(tenantId, shipments[index]!);
        refreshes.inc({ outcome: outcomes[index] });
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, shipments.length) }, worker));
    return outcomes;
  }

  private async bounded(tenantId: string, shipment: TrackedShipment): Promise<TrackingRefreshOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<TrackingRefreshOutcome>((resolve) => {
      timer = setTimeout(() => resolve('timed_out'), this.timeoutMs);
    });
    try {
      return await Promise.race([this.one(tenantId, shipment).catch((): TrackingRefreshOutcome => 'failed'), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async one(tenantId: string, shipment: TrackedShipment): Promise<TrackingRefreshOutcome> {
    if (!shipment.tracking_no) return 'not_booked';
    const booking = await this.bookings.byTrackingNo(tenantId, shipment.tracking_no);
    if (!booking) return 'not_booked';
    if (booking.carrier !== 'SANDBOX' && booking.carrier !== 'SANDBOX_LITE') return 'tracking_not_supported';
    return (await this.simulator.refresh(booking.requestId)) > 0 ? 'refreshed' : 'unchanged';
  }
}
