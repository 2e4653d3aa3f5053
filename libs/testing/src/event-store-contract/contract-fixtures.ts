import { randomUUID } from 'node:crypto';
import type { EventData, EventStore, RecordedEvent } from '@shipledger/event-store';

export function streamName(prefix = 'contract'): string {
  return `${prefix}-${randomUUID()}`;
}

export function newEvent(type = 'ContractEventHappened', data: Record<string, unknown> = {}): EventData {
  return {
    id: randomUUID(),
    type,
    data: { ...data, marker: randomUUID() },
    metadata: {
      tenantId: `tenant-${randomUUID()}`,
      actor: 'contract-suite',
      correlationId: randomUUID(),
      causationId: randomUUID(),
      requestId: randomUUID(),
      schemaVersion: 1,
      occurredAt: new Date().toISOString(),
    },
  };
}

export function newEvents(count: number, type?: string): EventData[] {
  return Array.from({ length: count }, (_, index) => newEvent(type, { index }));
}

/** Collects a subscription's events; waits resolve as soon as the condition holds (no sleeps). */
export class EventCollector {
  readonly events: RecordedEvent[] = [];
  private readonly seen = new Set<string>();
  private readonly waiters: Array<{ test: () => boolean; resolve: () => void }> = [];

  readonly onEvent = async (event: RecordedEvent): Promise<void> => {
    this.events.push(event);
    this.seen.add(event.id);
    for (const waiter of [...this.waiters]) {
      if (waiter.test()) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  idsOf(predicate: (event: RecordedEvent) => boolean = () => true): string[] {
    return this.events.filter(predicate).map((event) => event.id);
  }

  until(test: () => boolean, timeoutMs = 20_000, what = 'condition'): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what} (${this.events.length} events seen)`)), timeoutMs);
      this.waiters.push({ test, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  /** Waits until every one of these ids has been delivered. */
  untilSeen(ids: string[], timeoutMs?: number): Promise<void> {
    return this.until(() => ids.every((id) => this.seen.has(id)), timeoutMs, `${ids.length} ids`);
  }
}

/**
 * Waits until readAll can see `position`. On Postgres, readAll shows an event only once every
 * transaction that was writing when it committed has ended, anywhere on the server (other suites
 * share it), so right after an append it may still be held back for a moment.
 */
export async function untilVisible(store: EventStore, position: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (((await store.headPosition()) ?? '') < position) {
    if (Date.now() > deadline) throw new Error(`Position ${position} not visible after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
