import { Counter } from 'prom-client';
import { metricsRegistry } from '@shipledger/platform';

const submissions = new Counter({
  name: 'shipledger_manifest_submissions_total',
  help: 'Manifest submissions to carriers, by carrier and outcome (submitted, submission_failed)',
  labelNames: ['carrier', 'outcome'] as const,
  registers: [metricsRegistry],
});

const shipped = new Counter({
  name: 'shipledger_manifest_shipments_shipped_total',
  help: 'Shipments moved to shipped by PATCH /manifests/{id}/ship',
  registers: [metricsRegistry],
});

export function countSubmission(carrier: string, outcome: 'submitted' | 'submission_failed'): void {
  submissions.inc({ carrier, outcome });
}

export function countShipped(count: number): void {
  if (count > 0) shipped.inc(count);
}
