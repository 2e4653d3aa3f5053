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
