import type { RecordedEvent, EventStore } from '@shipledger/event-store';
import { deterministicUuid, type Loaded } from '@shipledger/ddd';
import { ShipmentCommandRejected, shipmentIdOf, type ShipmentCommand, type ShipmentEvent, type ShipmentState } from '../../domain/shipment';
import { ShipmentRepository, shipmentEventMetadata } from './shipment.repository';

/** What a command another context sends answers: its event ids derive from `causationId`. */
export interface Causation {
  /** Id of the event (or carrier message) this command answers. */
  causationId: string;
  correlationId: string;
  requestId: string;
  actor: string;
}

export function causedBy(event: RecordedEvent, actor: string): Causation {
  return { causationId: event.id, correlationId: event.metadata.correlationId, requestId: event.metadata.requestId, actor };
}

/** A shipment as `loadFor` read it. */
export interface LoadedShipment {
  tenantId: string;
  shipmentId: string;
  state: ShipmentState;
  /** The stream as read (state, revision, event ids): what `record` decides on first. */
  snapshot: Loaded<ShipmentState>;
}

/** Attempts on a lost race before the error reaches the caller (a reactor then retries the event). */
const MAX_ATTEMPTS = 5;
/** Shipments whose state after this process's last `record` is kept for `recordedSince` (~2 KB each). */
const RECENT_KEPT = 5_000;

/**
 * Shipping's public API for the commands other contexts send (carrier answers, tracking, labels,
 * document uploads), on the one write path. Event ids derive from the causation, so a crash after the
 * append and a replay of the causing event either finds the decider answering nothing (the state moved
 * on) or finds the causation's events already in the stream and appends nothing again.
 */
export class ShippingCommands {
  private readonly repository: ShipmentRepository;
  private readonly recent = new Map<string, ShipmentState>();

  constructor(eventStore: EventStore) {
    this.repository = new ShipmentRepository(eventStore);
  }

  /**
   * The shipment an event of its stream is about, as the event's tenant sees it: the load every
   * reacting context starts with. Undefined for another stream, an unknown shipment or another tenant's.
   * `snapshot` is the stream as read, for `record`'s first attempt (it saves reading the stream again).
   */
  async loadFor(event: RecordedEvent): Promise<LoadedShipment | undefined> {
    const tenantId = event.metadata.tenantId;
    const shipmentId = shipmentIdOf(event.streamId);
    if (!shipmentId) return undefined;
    const snapshot = await this.repository.load(shipmentId);
    const { state } = snapshot;
    return state.exists && state.tenant_id === tenantId ? { tenantId, shipmentId, state, snapshot } : undefined;
  }

  /**
   * The shipment as this process's last `record` of it left it, when that state includes `event` (and
   * undefined otherwise): at least as new as the event, but maybe not the newest (another process or an
   * API command may have appended since). Enough for a reactor to see that an event asks nothing of it
   * (a shipment booked without documents), never a state to decide on: `loadFor` reads the stream.
   */
  recordedSince(event: RecordedEvent): ShipmentState | undefined {
    const shipmentId = shipmentIdOf(event.streamId);
    const state = shipmentId === undefined ? undefined : this.recent.get(shipmentId);
    return state && state.tenant_id === event.metadata.tenantId && state.version > event.revision ? state : undefined;
  }

  /** The tenant's shipment, undefined when unknown or another tenant's. */
  async load(tenantId: string, shipmentId: string): Promise<ShipmentState | undefined> {
    const { state } = await this.repository.load(shipmentId);
    return state.exists && state.tenant_id === tenantId ? state : undefined;
  }

  /**
   * `build` sees the current state and returns the command to decide (or undefined: nothing to record).
   * Returns the events appended; [] when the decider refused or had nothing to say (e.g. a stale
   * booking answer), or when the causation was already recorded. `from` (a loadFor snapshot) is decided
   * on instead of reading the stream again; when the stream has moved on since, the append finds
   * another revision and the command is decided again on a fresh read, as with any lost race.
   */
  async record(
    tenantId: string,
    shipmentId: string,
    causation: Causation,
    build: (state: ShipmentState) => ShipmentCommand | undefined,
    from?: LoadedShipment,
  ): Promise<ShipmentEvent[]> {
    const meta = { ...causation };
    try {
      const result = await this.repository.handle(shipmentId, tenantId, (state) => {
        if (!state.exists || state.tenant_id !== tenantId) return undefined;
        return build(state);
      }, meta, {
        maxAttempts: MAX_ATTEMPTS,
        idempotency: { eventId: (command, index) => deterministicUuid('carriers', causation.causationId, command.type, String(index)) },
        metadata: (event, command) => ({ ...shipmentEventMetadata(event, tenantId, meta), actor: causation.actor, occurredAt: command.at }),
        ...(from && from.shipmentId === shipmentId ? { loaded: from.snapshot } : {}),
      });
      if (result.events.length > 0) this.remember(shipmentId, result.state);
      return result.events;
    } catch (error) {
      if (error instanceof ShipmentCommandRejected) return [];
      throw error;
    }
  }

  private remember(shipmentId: string, state: ShipmentState): void {
    this.recent.delete(shipmentId);
    this.recent.set(shipmentId, state);
    if (this.recent.size > RECENT_KEPT) this.recent.delete(this.recent.keys().next().value!);
  }
}
