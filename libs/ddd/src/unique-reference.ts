import type { EventStore, RecordedEvent } from '@shipledger/event-store';
import type { Decider, DomainEvent } from './decider';
import { commandEventMetadata, type CommandContext } from './event-metadata';
import { handle } from './handle';

/**
 * A partner reference unique per tenant (partner_shipment_reference, partner_order_reference): one
 * stream per (tenant, reference) holding which aggregate has it. The events keep each context's names
 * and fields (`ShipmentReferenceReserved { tenant_id, partner_shipment_reference, shipment_id, at, actor }`).
 */
export interface UniqueReferenceNames {
  reserved: string;
  released: string;
  /** The field of the event data naming the reference, e.g. 'partner_order_reference'. */
  referenceField: string;
  /** The field naming the holder, e.g. 'order_id'. */
  holderField: string;
  /** The domain's answer to a reference another holder keeps. */
  duplicate: (reference: string) => Error;
}

export type UniqueReferenceEvent = DomainEvent<string, { tenant_id: string; at: string; actor: string } & Record<string, string>>;

interface ReferenceFacts {
  tenant_id: string;
  reference: string;
  holder: string;
  at: string;
  actor: string;
}

export type UniqueReferenceCommand =
  /** `holder_lapsed`: the application found the current holder an orphan of a create that died. */
  | ({ type: 'ReserveReference'; holder_lapsed: boolean } & ReferenceFacts)
  | ({ type: 'ReleaseReference' } & ReferenceFacts);

export interface UniqueReferenceState {
  holder?: string;
}

/**
 * Invariant: at most one holder per reference. Reserving what the holder already has decides nothing
 * (retries are safe); another holder's reference is refused unless it lapsed; a release by anyone but
 * the holder decides nothing.
 */
export function uniqueReferenceDecider(names: UniqueReferenceNames): Decider<UniqueReferenceCommand, UniqueReferenceEvent, UniqueReferenceState> {
  const event = (type: string, command: ReferenceFacts): UniqueReferenceEvent => ({
    type,
    data: {
      tenant_id: command.tenant_id, [names.referenceField]: command.reference, [names.holderField]: command.holder,
      at: command.at, actor: command.actor,
    } as UniqueReferenceEvent['data'],
  });
  return {
    initialState: () => ({}),
    decide(command, state) {
      switch (command.type) {
        case 'ReserveReference':
          if (state.holder === command.holder) return [];
          if (state.holder !== undefined && !command.holder_lapsed) throw names.duplicate(command.reference);
          return [event(names.reserved, command)];
        case 'ReleaseReference':
          return state.holder === command.holder ? [event(names.released, command)] : [];
        default: {
          const never: never = command;
          throw new Error(`unknown command ${(never as { type: string }).type}`);
        }
      }
    },
    evolve(state, recorded) {
      if (recorded.type === names.reserved) return { holder: recorded.data[names.holderField] };
      if (recorded.type === names.released) return state.holder === recorded.data[names.holderField] ? {} : state;
      return state;
    },
  };
}

export interface UniqueReferencesOptions {
  names: UniqueReferenceNames;
  /** The aggregate's stream-name builders (its domain's). */
  referenceStreamId: (tenantId: string, reference: string) => string;
  holderStreamId: (holderId: string) => string;
  schemaVersion: number;
  /** A reservation whose holder stream is still missing after this long is an orphan of a crashed create. */
  orphanAfterMs: number;
}

/**
 * A reference's uniqueness and its resolution to a holder id, on the event store alone (never on a read
 * model, so a reference resolves the moment its create is acknowledged). Written through `handle`.
 */
export class UniqueReferences {
  private readonly decider: ReturnType<typeof uniqueReferenceDecider>;

  constructor(private readonly eventStore: EventStore, private readonly options: UniqueReferencesOptions) {
    this.decider = uniqueReferenceDecider(options.names);
  }

  /** The holder the reference currently belongs to, if any. */
  async resolve(tenantId: string, reference: string): Promise<string | undefined> {
    const last = await this.last(tenantId, reference);
    return last?.type === this.options.names.reserved ? this.holderOf(last) : undefined;
  }

  /**
   * A tenant's holder stream named by the holder id or by its reference (for operators: no merchant
   * scope); undefined when unknown or another tenant's.
   */
  async readTenantHolderStream(tenantId: string, idOrReference: string): Promise<RecordedEvent[] | undefined> {
    const ownStream = async (holder: string) => {
      const events = await this.eventStore.readStream(this.options.holderStreamId(holder));
      return events.length > 0 && events[0]?.metadata.tenantId === tenantId ? events : undefined;
    };
    const direct = await ownStream(idOrReference);
    if (direct) return direct;
    const holder = await this.resolve(tenantId, idOrReference);
    return holder ? ownStream(holder) : undefined;
  }

  /**
   * The first reservation appends with 'no_stream' (nearly every reference is new: the stream is read
   * only once that append loses), a later one at the revision it was decided on, so of two concurrent
   * reservations the store accepts exactly one; the other reloads and is refused (or finds it its own).
   */
  async reserve(tenantId: string, reference: string, holder: string, meta: CommandContext & { actor: string }, at: string): Promise<void> {
    const facts = { tenant_id: tenantId, reference, holder, at, actor: meta.actor };
    await handle(this.eventStore, this.decider, this.options.referenceStreamId(tenantId, reference), async (state) => ({
      type: 'ReserveReference' as const,
      ...facts,
      holder_lapsed: state.holder !== undefined && state.holder !== holder && await this.isOrphan(tenantId, reference, state.holder, at),
    }), {
      metadata: (event) => commandEventMetadata(event, tenantId, meta, this.options.schemaVersion),
      loaded: { state: this.decider.initialState(), revision: 'no_stream' },
    });
  }

  /** Frees a reference the holder no longer carries (only if it still holds it). */
  async release(tenantId: string, reference: string, holder: string, meta: CommandContext & { actor: string }, at: string): Promise<void> {
    await handle(this.eventStore, this.decider, this.options.referenceStreamId(tenantId, reference),
      { type: 'ReleaseReference', tenant_id: tenantId, reference, holder, at, actor: meta.actor },
      { metadata: (event) => commandEventMetadata(event, tenantId, meta, this.options.schemaVersion) });
  }

  /**
   * A reservation whose create never wrote its holder (the process died between the two appends) would
   * hold the reference forever. Once it was recorded longer ago than any create can take, it may be taken
   * over (at the revision it was read at: a concurrent taker-over loses on the revision check).
   */
  private async isOrphan(tenantId: string, reference: string, holder: string, now: string): Promise<boolean> {
    const reservation = await this.last(tenantId, reference);
    // Another last event: the stream moved on since the load, the append at that revision fails and
    // the reservation is judged again on what it holds now.
    if (!reservation || reservation.type !== this.options.names.reserved || this.holderOf(reservation) !== holder) return true;
    if (Date.parse(now) - Date.parse(reservation.recordedAt) < this.options.orphanAfterMs) return false;
    const [first] = await this.eventStore.readStream(this.options.holderStreamId(holder), { maxCount: 1 });
    return first === undefined;
  }

  private holderOf(event: RecordedEvent): string {
    return (event.data as Record<string, string>)[this.options.names.holderField]!;
  }

  private async last(tenantId: string, reference: string): Promise<RecordedEvent | undefined> {
    const [last] = await this.eventStore.readStream(this.options.referenceStreamId(tenantId, reference), { direction: 'backwards', maxCount: 1 });
    return last;
  }
}
