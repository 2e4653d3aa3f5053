import { carriersContextFor } from '@shipledger/carriers';
import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import { DEMO_LOCATION_ID } from '@shipledger/configuration';
import { recordOrderHistory } from '@shipledger/ordering';
import { recordShipmentHistory } from '@shipledger/shipping';
import { DEMO_HISTORY_ORDERS, DEMO_HISTORY_SHIPMENTS, demoOrderHistory, demoShipmentHistory } from './demo-history.plan';

export interface DemoHistorySeeded {
  /** Shipments this run recorded. */
  recorded: number;
  /** Shipments already there (an earlier start seeded them). */
  existing: number;
  /** Orders this run recorded, and those already there. */
  orders: { recorded: number; existing: number };
}

/**
 * The demo tenant's two weeks of past shipments across its active carrier accounts, and a few dozen
 * orders (most fulfilled with one of those shipments), so the dashboard shows charts on first start.
 * Each shipment goes through shipping's write path with its own past
 * instants (recordShipmentHistory); ids derive from the tenant and the shipment's number, so a restart
 * records nothing twice. Disabled with DEMO_SEED=off. `signal` stops it between two shipments (shutdown);
 * the next start records the rest.
 */
export async function seedDemoHistory(
  deps: { database: Database; eventStore: EventStore }, tenantId: string, merchant: string, now: Date = new Date(), signal?: AbortSignal,
): Promise<DemoHistorySeeded> {
  const accounts = (await carriersContextFor(deps).accountRepository.list(tenantId, ['active']))
    .map((account) => ({ carrier: account.carrier, carrier_id: account.carrierAccountId, carrier_account_name: account.carrierAccountName }));
  const seeded: DemoHistorySeeded = { recorded: 0, existing: 0, orders: { recorded: 0, existing: 0 } };
  if (accounts.length === 0) return seeded;
  for (let index = 0; index < DEMO_HISTORY_SHIPMENTS && !signal?.aborted; index++) {
    const recorded = await recordShipmentHistory(deps.eventStore, demoShipmentHistory(tenantId, merchant, accounts, index, now));
    seeded[recorded ? 'recorded' : 'existing']++;
  }
  // The orders after every shipment: a fulfilled one names its shipment, which must already be recorded
  // (the order-shipments reactor then finds it and creates nothing today).
  for (let index = 0; index < DEMO_HISTORY_ORDERS && !signal?.aborted; index++) {
    const recorded = await recordOrderHistory(deps.eventStore, demoOrderHistory(tenantId, merchant, DEMO_LOCATION_ID, index, now));
    seeded.orders[recorded ? 'recorded' : 'existing']++;
  }
  return seeded;
}

export function demoSeedEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.DEMO_SEED ?? 'on').toLowerCase() !== 'off';
}
