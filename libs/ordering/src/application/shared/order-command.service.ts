import { Inject, Injectable } from '@nestjs/common';
import type { Decision } from '@shipledger/ddd';
import {
  initialOrderState, OrderCommandRejected, OrderMessages, reject, type CreateOrder, type OrderCommand, type OrderEvent, type OrderState,
} from '../../domain/order';
import { ORDER_INVENTORY, type OrderInventory } from '../ports/order-inventory.port';
import type { OrderCommandMeta } from './command-meta';
import { OrderReferences } from './order-references';
import { OrderRepository, type LoadedOrder } from './order.repository';

/** How `{reference}` names an order (query `key`). */
export type OrderKey = 'order_id' | 'partner_order_reference';

/** An order command on the order named by `reference` (its id or partner reference, as `key` says). */
type ExecuteArgs = [
  tenantId: string,
  reference: string,
  key: OrderKey,
  build: (state: OrderState) => OrderCommand | Promise<OrderCommand>,
  meta: OrderCommandMeta,
];

/** Automatic allocations re-chosen after losing stock to a concurrent order, before answering 400. */
const ALLOCATION_ATTEMPTS = 20;

/** Refusals of an automatic allocation that a fresh allocation can avoid. */
const stockLost = new WeakSet<Error>();

type Undo = () => Promise<void>;

export const CONCURRENT_UPDATE_MESSAGE = 'The order was changed by a concurrent request: reload it and retry.';

/**
 * Every order command: locate (by id or partner reference, within the caller's tenant and merchants),
 * then the one write path at the revision read. A race lost on that revision answers 409
 * concurrent_update (spec: "409; the caller retries"), so a client never has its change applied to
 * a state it did not see. partner_order_reference changes reserve the new reference before the append.
 * Inventory (rule 3) is recorded through the ORDER_INVENTORY port before the append and undone when the
 * append fails; an automatic allocation that lost its stock to a concurrent order is chosen again.
 */
@Injectable()
export class OrderCommandService {
  constructor(
    readonly repository: OrderRepository,
    private readonly references: OrderReferences,
    @Inject(ORDER_INVENTORY) private readonly inventory: OrderInventory,
  ) {}

  /** Rule 3 before the append; the undo is kept until the append is known to have happened. */
  private async recordInventory(
    tenantId: string,
    decision: Decision<OrderCommand, OrderEvent, OrderState>,
    history: readonly OrderEvent[],
    meta: OrderCommandMeta,
  ): Promise<Undo> {
    const auto = (decision.command.type === 'CreateOrder' || decision.command.type === 'UpdateOrder')
      && decision.command.fulfillment_orders === undefined && decision.command.allocation !== undefined;
    return this.inventory.record({
      tenantId,
      orderId: decision.after.order_id,
      command: decision.command.type,
      before: decision.before,
      after: decision.after,
      history,
      events: decision.events,
      at: decision.command.at,
      actor: decision.command.actor,
      correlationId: meta.correlationId,
    }).catch((error: unknown) => {
      if (auto && error instanceof OrderCommandRejected && error.code === 'insufficient_stock') stockLost.add(error);
      throw error;
    });
  }

  /** Runs `attempt` again while an automatic allocation loses its stock to a concurrent order. */
  private async reallocating<T>(attempt: () => Promise<T>): Promise<T> {
    for (let round = 1; ; round++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof Error) || !stockLost.has(error) || round >= ALLOCATION_ATTEMPTS) throw error;
      }
    }
  }

  async get(tenantId: string, reference: string, key: OrderKey, meta: Pick<OrderCommandMeta, 'merchants'>): Promise<LoadedOrder> {
    const orderId = key === 'partner_order_reference' ? await this.references.resolve(tenantId, reference) : reference;
    const loaded = orderId === undefined ? undefined : await this.repository.load(orderId);
    if (!loaded || !visible(loaded.state, tenantId, meta.merchants)) throw reject('order_not_found', OrderMessages.notFound(reference));
    return loaded;
  }

  execute(...args: ExecuteArgs): Promise<OrderState> {
    return this.reallocating(() => this.executeOnce(...args));
  }

  private async executeOnce(...[tenantId, reference, key, build, meta]: ExecuteArgs): Promise<OrderState> {
    const loaded = await this.get(tenantId, reference, key, meta);
    const orderId = loaded.state.order_id;
    let reserved: { reference: string; at: string } | undefined;
    let undoInventory: Undo | undefined;
    try {
      const result = await this.repository.handle(orderId, tenantId, build, meta, {
        loaded,
        expectedRevision: loaded.revision,
        onConflict: () => reject('concurrent_update', CONCURRENT_UPDATE_MESSAGE),
        beforeAppend: async (decision) => {
          const { before, after, command } = decision;
          const now = after.content.partner_order_reference;
          if (now !== undefined && now !== before.content.partner_order_reference) {
            await this.references.reserve(tenantId, now, orderId, meta, command.at);
            reserved = { reference: now, at: command.at };
          }
          undoInventory = await this.recordInventory(tenantId, decision, loaded.history, meta);
        },
      });
      undoInventory = undefined;
      const before = result.before.content.partner_order_reference;
      if (before !== undefined && before !== result.state.content.partner_order_reference) {
        await this.references.release(tenantId, before, orderId, meta, result.command?.at ?? new Date().toISOString());
      }
      reserved = undefined;
      return result.state;
    } finally {
      if (undoInventory) await undoInventory();
      if (reserved) await this.references.release(tenantId, reserved.reference, orderId, meta, reserved.at);
    }
  }

  /** Create with a command built per attempt (an automatic allocation is chosen again after losing stock). */
  async create(build: () => Promise<CreateOrder>, meta: OrderCommandMeta): Promise<OrderState> {
    return this.reallocating(async () => this.createOnce(await build(), meta));
  }

  /** Create: reserve the reference (the uniqueness guarantee), then append the new stream with 'no_stream'. */
  private async createOnce(command: CreateOrder, meta: OrderCommandMeta): Promise<OrderState> {
    const reference = command.content.partner_order_reference;
    let reserved = false;
    let undoInventory: Undo | undefined;
    try {
      const result = await this.repository.handle(command.order_id, command.tenant_id, command, meta, {
        loaded: { state: { ...initialOrderState(), order_id: command.order_id }, revision: 'no_stream' },
        expectedRevision: 'no_stream',
        onConflict: () => reject('order_already_exists', OrderMessages.alreadyExists(command.order_id)),
        beforeAppend: async (decision) => {
          if (reference !== undefined) {
            await this.references.reserve(command.tenant_id, reference, command.order_id, meta, command.at);
            reserved = true;
          }
          undoInventory = await this.recordInventory(command.tenant_id, decision, [], meta);
        },
      });
      reserved = false;
      undoInventory = undefined;
      return result.state;
    } finally {
      if (undoInventory) await undoInventory();
      if (reference !== undefined && reserved) await this.references.release(command.tenant_id, reference, command.order_id, meta, command.at);
    }
  }
}

function visible(state: OrderState, tenantId: string, merchants: readonly string[] | '*'): boolean {
  if (!state.exists || state.tenant_id !== tenantId) return false;
  return merchants === '*' || merchants.includes(state.content.merchant ?? '');
}
