import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@shipledger/event-store';
import type { Projector } from './projector';

/** One aggregate's events of a batch, in stream order. */
export interface AggregateEvents {
  tenantId: string;
  id: string;
  events: RecordedEvent[];
}

/** The key of one aggregate of one tenant in a batch's maps. */
export const aggregateKey = (tenantId: string, id: string): string => `${tenantId}\u0000${id}`;

/**
 * The events of one aggregate's streams, grouped per (tenant, aggregate id) in the order first seen;
 * `idOf` (the aggregate's stream-name parser) leaves out every other stream.
 */
export function groupByAggregate(events: readonly RecordedEvent[], idOf: (streamId: string) => string | undefined): AggregateEvents[] {
  const groups = new Map<string, AggregateEvents>();
  for (const event of events) {
    const id = idOf(event.streamId);
    if (!id) continue;
    const tenantId = event.metadata.tenantId;
    const key = aggregateKey(tenantId, id);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { tenantId, id, events: [] }));
    group.events.push(event);
  }
  return [...groups.values()];
}

/**
 * Folds one aggregate's events onto its stored row, one at a time: an event at or below the row's
 * revision is already in it (a replay) and is skipped; `step` answers the row after an event, or
 * undefined to leave the row as it was. Undefined when no event changed the row.
 */
export function foldOntoRow<TRow extends { revision: number }>(
  stored: TRow | undefined,
  events: readonly RecordedEvent[],
  step: (row: TRow | undefined, event: RecordedEvent) => TRow | undefined,
): TRow | undefined {
  let row = stored;
  for (const event of events) {
    if (row && row.revision >= event.revision) continue;
    row = step(row, event) ?? row;
  }
  return row === stored ? undefined : row;
}

/** A projector written for batches: `apply` is its batch of one. */
export function batchProjector<TTables>(
  projector: Omit<Projector, 'apply' | 'applyBatch'> & {
    applyBatch(db: Kysely<TTables>, events: readonly RecordedEvent[]): Promise<void>;
  },
): Projector {
  const { applyBatch } = projector;
  return { ...projector, apply: (db, event) => applyBatch(db, [event]), applyBatch };
}
