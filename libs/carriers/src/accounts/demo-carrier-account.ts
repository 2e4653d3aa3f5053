import type { Database } from '@shipledger/database';
import type { EventStore } from '@shipledger/event-store';
import { carriersContextFor } from '../carriers.context';
import type { CarrierAccount } from './carrier-account';

export const DEMO_CARRIER_ACCOUNT_NAME = 'Sandbox';

/**
 * Gives a tenant an active SANDBOX account (unless it already has one by that name), so the first
 * confirmed shipment of `npm start` books with no set-up. Idempotent.
 */
export async function provisionDemoCarrierAccount(deps: { database: Database; eventStore: EventStore }, tenantId: string): Promise<CarrierAccount> {
  const context = carriersContextFor(deps);
  const existing = await context.accountRepository.findLiveByName(tenantId, DEMO_CARRIER_ACCOUNT_NAME);
  if (existing) return existing;
  return context.accounts.create(tenantId, {
    carrierAccountName: DEMO_CARRIER_ACCOUNT_NAME,
    carrier: 'SANDBOX',
    property: { TRACKING_STEP_SECONDS: '5', BOOKING_LATENCY_MS: '50' },
    defaultLabel: 'carrier_pdf',
    autoReadyToShip: false,
    autoReturnConfirmed: false,
    status: 'active',
  });
}

export const DEMO_ECONOMY_ACCOUNT_NAME = 'Sandbox Economy';

/**
 * The demo tenant's two sandbox accounts: `Sandbox` on the sandbox tariff (domestic 5 + 1.5/kg) and
 * `Sandbox Economy` with a cheaper domestic rate card (3 + 1/kg) and a dearer international one, so the
 * demo ruleset's CHEAPEST_CARRIER has two prices to choose between. Idempotent.
 */
export async function provisionDemoCarrierAccounts(deps: { database: Database; eventStore: EventStore }, tenantId: string): Promise<CarrierAccount[]> {
  const standard = await provisionDemoCarrierAccount(deps, tenantId);
  const context = carriersContextFor(deps);
  const existing = await context.accountRepository.findLiveByName(tenantId, DEMO_ECONOMY_ACCOUNT_NAME);
  const economy = existing ?? await context.accounts.create(tenantId, {
    carrierAccountName: DEMO_ECONOMY_ACCOUNT_NAME,
    carrier: 'SANDBOX',
    property: {
      TRACKING_STEP_SECONDS: '5', BOOKING_LATENCY_MS: '50',
      RATE_DOMESTIC_BASE: '3', RATE_DOMESTIC_PER_KG: '1', RATE_INTERNATIONAL_BASE: '20', RATE_INTERNATIONAL_PER_KG: '5',
    },
    defaultLabel: 'carrier_pdf',
    autoReadyToShip: false,
    autoReturnConfirmed: false,
    status: 'active',
  });
  return [standard, economy];
}
