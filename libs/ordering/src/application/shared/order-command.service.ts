import { Injectable } from '@nestjs/common';
import type { Loaded } from '@shipledger/ddd';
import { initialOrderState, OrderMessages, reject, type CreateOrder, type OrderCommand, type OrderState } from '../../domain/order';
import type { OrderCommandMeta } from './command-meta';
import { OrderReferences } from './order-references';
import { OrderRepository } from './order.repository';

/** How `{reference}` names an order (query `key`). */
export type OrderKey = 'order_id' | 'partner_order_reference';

export const CONCURRENT_UPDATE_MESSAGE = 'The order was changed by a concurrent request: reload it and retry.';

/**
 * Every order command: locate (by id or partner reference, within the caller's tenant and merchants),
 * then the one write path at the revision read. A race lost on that revision answers 409
 * concurrent_update (spec: "409; the caller retries"), so a client never has its change applied to
 * a state it did not see. partner_order_reference changes reserve the new reference before the append.
 */
@Injectable()
export class OrderCommandService {
  constructor(readonly repository: OrderRepository, private readonly references: OrderReferences) {}

  async get(tenantId: string, reference: string, key: OrderKey, meta: Pick<OrderCommandMeta, 'merchants'>): Promise<Loaded<OrderState>> {
    const orderId = key === 'partner_order_reference' ? await this.references.resolve(tenantId, reference) : reference;
    const loaded = orderId === undefined ? undefined : await this.repository.load(orderId);
    if (!loaded || !visible(loaded.state, tenantId, meta.merchants)) throw reject('order_not_found', OrderMessages.notFound(reference));
    return loaded;
  }

  async execute(
    tenantId: string,
    reference: string,
    key: OrderKey,
    build: (state: OrderState) => OrderCommand | Promise<OrderCommand>,
    meta: OrderCommandMeta,
  ): Promise<OrderState> {
    const loaded = await this.get(tenantId, reference, key, meta);
    const orderId = loaded.state.order_id;
    let reserved: { reference: string; at: string } | undefined;
    try {
      const result = await this.repository.handle(orderId, tenantId, build, meta, {
        loaded,
        expectedRevision: loaded.revision,
        onConflict: () => reject('concurrent_update', CONCURRENT_UPDATE_MESSAGE),
        beforeAppend: async ({ before, after, command }) => {
          const now = after.content.partner_order_reference;
          if (now === undefined || now === before.content.partner_order_reference) return;
          await this.references.reserve(tenantId, now, orderId, meta, command.at);
          reserved = { reference: now, at: command.at };
        },
      });
      const before = result.before.content.partner_order_reference;
      if (before !== undefined && before !== result.state.content.partner_order_reference) {
        await this.references.release(tenantId, before, orderId, meta, result.command?.at ?? new Date().toISOString());
      }
      reserved = undefined;
      return result.state;
    } finally {
      if (reserved) await this.references.release(tenantId, reserved.reference, orderId, meta, reserved.at);
    }
  }

  /** Create: reserve the reference (the uniqueness guarantee), then append the new stream with 'no_stream'. */
  async create(command: CreateOrder, meta: OrderCommandMeta): Promise<OrderState> {
    const reference = command.content.partner_order_reference;
    let reserved = false;
    try {
      const result = await this.repository.handle(command.order_id, command.tenant_id, command, meta, {
        loaded: { state: { ...initialOrderState(), order_id: command.order_id }, revision: 'no_stream' },
        expectedRevision: 'no_stream',
        onConflict: () => reject('order_already_exists', OrderMessages.alreadyExists(command.order_id)),
        beforeAppend: async () => {
          if (reference === undefined) return;
          await this.references.reserve(command.tenant_id, reference, command.order_id, meta, command.at);
          reserved = true;
        },
      });
      reserved = false;
      return result.state;
    } finally {
      if (reference !== undefined && reserved) await this.references.release(command.tenant_id, reference, command.order_id, meta, command.at);
    }
  }
}

function visible(state: OrderState, tenantId: string, merchants: readonly string[] | '*'): boolean {
  if (!state.exists || state.tenant_id !== tenantId) return false;
  return merchants === '*' || merchants.includes(state.content.merchant ?? '');
}
