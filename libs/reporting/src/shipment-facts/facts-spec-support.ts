import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@shipledger/event-store';
import { evolveFacts, type ShipmentFacts } from './shipment-facts';

/** Test fixtures: an event of shipment s1 of tenant t1 at `revision`, dated the revision's day of November. */
export const recorded = (type: string, data: Record<string, unknown>, revision: number): RecordedEvent => ({
  id: randomUUID(), type, data: { at: `2026-11-0${revision + 1}T10:00:00.000Z`, actor: 'test', ...data }, streamId: 'shipment-s1', revision,
  position: String(revision + 1).padStart(20, '0'), recordedAt: '2026-11-01T10:00:00.000Z',
  metadata: { tenantId: 't1', actor: 'test', correlationId: 'c', causationId: 'c', requestId: 'r', schemaVersion: 1, occurredAt: '2026-11-01T10:00:00.000Z' },
});

/** The facts of these events folded one by one, without any sharing. */
export const fold = (events: RecordedEvent[]) => events.reduce<ShipmentFacts | undefined>((facts, event) => evolveFacts(facts, event), undefined);
