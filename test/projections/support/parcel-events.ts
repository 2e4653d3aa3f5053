import { randomUUID } from 'node:crypto';
import type { EventData, EventMetadata, EventStore, Position, RecordedEvent } from '@shipledger/event-store';

export function metadata(): EventMetadata {
  return {
    tenantId: `tenant-${randomUUID()}`,
    actor: 'test',
    correlationId: randomUUID(),
    causationId: randomUUID(),
    requestId: randomUUID(),
    schemaVersion: 1,
    occurredAt: new Date().toISOString(),
  };
}

export function event(type: string, data: Record<string, unknown>): EventData {
  return { id: randomUUID(), type, data, metadata: metadata() };
}

/**
 * Appends `parcels` streams of ParcelRegistered, ParcelWeighed ×2, ParcelShipped, interleaved with a
 * type the test projector ignores. Weight of parcel i ends at (i + 1) * 10. Returns the parcel ids and
 * the position of the last event appended.
 */
export async function appendParcels(store: EventStore, parcels: number): Promise<{ ids: string[]; position: Position }> {
  const ids: string[] = [];
  let position = '';
  for (let i = 0; i < parcels; i++) {
    const id = randomUUID();
    ids.push(id);
    await store.append(
      `parcel-${id}`,
      [
        event('ParcelRegistered', { parcelId: id, weight: 1 }),
        event('ParcelWeighed', { parcelId: id, weight: i + 5 }),
        event('ParcelWeighed', { parcelId: id, weight: (i + 1) * 10 }),
        event('ParcelShipped', { parcelId: id }),
      ],
      'no_stream',
    );
    ({ position } = await store.append(`noise-${randomUUID()}`, [event('SomethingElseHappened', {})], 'no_stream'));
  }
  return { ids, position };
}

/**
 * Every event up to `position`. On Postgres, events committed behind a transaction some other session
 * still has open are held back from readers for a moment: read again until `position` is readable.
 */
export async function readAllThrough(store: EventStore, position: Position): Promise<RecordedEvent[]> {
  for (;;) {
    const events = await store.readAll({});
    if (events.some((e) => e.position === position)) return events.filter((e) => e.position <= position);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Handled events per parcel (see appendParcels). */
export const HANDLED_PER_PARCEL = 4;
