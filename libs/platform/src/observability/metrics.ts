import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per process; the API, the worker and the event store report into it. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'shipledger_http_request_duration_seconds',
  help: 'HTTP request latency by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const httpRequests = new Counter({
  name: 'shipledger_http_requests_total',
  help: 'HTTP requests by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

const appendDuration = new Histogram({
  name: 'shipledger_event_store_append_duration_seconds',
  help: 'Event store append latency',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [metricsRegistry],
});

const projectorLag = new Gauge({
  name: 'shipledger_projector_lag_events',
  help: 'Events in the store a projector or reactor has not processed yet',
  labelNames: ['projector'] as const,
  registers: [metricsRegistry],
});

const projectorLagSeconds = new Gauge({
  name: 'shipledger_projector_lag_seconds',
  help: 'Age of the newest event a projector or reactor has processed, when behind; 0 when caught up',
  labelNames: ['projector'] as const,
  registers: [metricsRegistry],
});

const parkedEvents = new Gauge({
  name: 'shipledger_parked_events',
  help: 'Events a projector or reactor gave up on and parked (see the projections:parked command)',
  labelNames: ['follower'] as const,
  registers: [metricsRegistry],
});

/** Called when /metrics is scraped: the parked events of each projector and reactor. */
export function setParkedEvents(follower: string, count: number): void {
  parkedEvents.set({ follower }, count);
}

export function recordAppendLatency(milliseconds: number): void {
  appendDuration.observe(milliseconds / 1000);
}

/** Called by the worker: how far a projector is behind, in events and/or seconds. */
export function setProjectorLag(projector: string, lag: { events?: number; seconds?: number }): void {
  if (lag.events !== undefined) projectorLag.set({ projector }, lag.events);
  if (lag.seconds !== undefined) projectorLagSeconds.set({ projector }, lag.seconds);
}
