import { randomUUID } from 'node:crypto';
import type { EventData, EventMetadata, EventStore } from '@shipledger/event-store';

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
 * type the test projector ignores. Returns the parcel ids. Weight of parcel i ends at (i + 1) * 10.
 */
export async function appendParcels(store: EventStore, parcels: number): Promise<string[]> {
  const ids: string[] = [];
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
    await store.append(`noise-${randomUUID()}`, [event('SomethingElseHappened', {})], 'no_stream');
  }
  return ids;
}

/** Handled events per parcel (see appendParcels). */
export const HANDLED_PER_PARCEL = 4;
