import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from '@shipledger/platform';

const bookings = new Counter({
  name: 'shipledger_carrier_bookings_total',
  help: 'Booking requests answered by the carriers reactor, by carrier and outcome (booked, failed)',
  labelNames: ['carrier', 'outcome'] as const,
  registers: [metricsRegistry],
});

const carrierCallDuration = new Histogram({
  name: 'shipledger_carrier_call_duration_seconds',
  help: 'Latency of the carrier booking call',
  labelNames: ['carrier'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export function countBooking(carrier: string, outcome: 'booked' | 'failed'): void {
  bookings.inc({ carrier, outcome });
}

export async function timeCarrierCall<T>(carrier: string, call: () => Promise<T>): Promise<T> {
  const stop = carrierCallDuration.startTimer({ carrier });
  try {
    return await call();
  } finally {
    stop();
  }
}

/** Where the backlog gauge reads its size: the process's carriers context (the latest one wired). */
let backlogSize: (() => Promise<number>) | undefined;

new Gauge({
  name: 'shipledger_booking_backlog',
  help: 'Booking requests waiting in the backlog: their tenant had its share of the booking slots in hand (BOOKING_TENANT_IN_HAND)',
  registers: [metricsRegistry],
  async collect() {
    if (!backlogSize) return;
    const size = await backlogSize().catch(() => undefined);
    if (size !== undefined) this.set(size);
  },
});

export function reportBacklogSizeFrom(source: () => Promise<number>): void {
  backlogSize = source;
}
