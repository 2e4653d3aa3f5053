import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '@shipledger/database';
import { createEventStore, type EventStore, type RecordedEvent } from '@shipledger/event-store';
import { shipmentStreamId as shipmentStream, type AssignedCarrierAccount, type ShipmentCommand, type ShipmentContent } from '@shipledger/shipping';
// A suite may use the domain directly (contexts may not: they send commands through ShippingCommands).
import { decide, initialShipmentState } from '../../libs/shipping/src/domain/shipment';
import { OUTBOUND_DEFAULTS, parseAllowedCidrs } from '@shipledger/platform';
import { createPgliteDatabase, createTestDatabase } from '@shipledger/testing';
import { CarriersContext, deriveCarrierSecrets, type CarrierAccount, type CarrierAccountInput } from '@shipledger/carriers';

export interface CarriersHarness {
  database: Database;
  eventStore: EventStore;
  context: CarriersContext;
  tenantId: string;
  createAccount(input?: Partial<CarrierAccountInput>, tenantId?: string): Promise<CarrierAccount>;
  /** A shipment of `tenant` (the harness's by default) created and confirmed onto `account`: its stream ends with ShipmentBookingRequested. */
  confirmedShipment(account: CarrierAccount | undefined, content?: ShipmentContent, tenant?: string): Promise<{ shipmentId: string; request: RecordedEvent }>;
  stream(shipmentId: string): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

export type HarnessDatabase = 'pglite' | 'postgres';

export async function startCarriersHarness(kind: HarnessDatabase = 'pglite'): Promise<CarriersHarness> {
  const { database, drop } = kind === 'postgres' ? await createTestDatabase() : await createPgliteDatabase();
  const eventStore = createEventStore({ database });
  await eventStore.init();
  const context = new CarriersContext({
    database,
    eventStore,
    config: {
      publicBaseUrl: 'https://shipledger.test',
      secrets: deriveCarrierSecrets(randomBytes(32)),
      labelUrlTtlSeconds: 3600,
      simulatorIntervalMs: 0,
      // The tests' fake carriers listen on loopback: the operator allowlist lets them through.
      outbound: { ...OUTBOUND_DEFAULTS, allowedCidrs: parseAllowedCidrs('127.0.0.0/8') },
      bookingRetry: { attempts: 3, baseDelayMs: 20, maxDelayMs: 40 },
      bookingConcurrency: 8,
      carrierReactorConcurrency: 4,
    },
  });
  const tenantId = `tenant-${randomUUID()}`;
  const harness: CarriersHarness = {
    database,
    eventStore,
    context,
    tenantId,
    createAccount: (input = {}, tenant = tenantId) => context.accounts.create(tenant, {
      carrierAccountName: `Sandbox ${randomUUID()}`,
      carrier: 'SANDBOX',
      property: { BOOKING_LATENCY_MS: '0', TRACKING_STEP_SECONDS: '60' },
      defaultLabel: 'carrier_pdf',
      autoReadyToShip: false,
      autoReturnConfirmed: false,
      status: 'active',
      ...input,
    }),
    async confirmedShipment(account, content = bookableContent(), tenant = tenantId) {
      const shipmentId = randomUUID();
      const assigned: AssignedCarrierAccount | undefined = account
        ? { carrier: account.carrier, carrier_id: account.carrierAccountId, carrier_account_name: account.carrierAccountName }
        : undefined;
      const command: ShipmentCommand = {
        type: 'CreateShipment', shipment_id: shipmentId, tenant_id: tenant, content, draft: false,
        carrier: assigned ? { kind: 'assigned', account: assigned } : { kind: 'assigned', account: { carrier: 'SANDBOX', carrier_id: '', carrier_account_name: '' } },
        booking_attempt_id: randomUUID(), at: new Date().toISOString(), actor: 'test-client',
      };
      const events = decide(command, initialShipmentState());
      const metadata = {
        tenantId: tenant, actor: 'test-client', correlationId: randomUUID(), causationId: randomUUID(), requestId: randomUUID(),
        schemaVersion: 1, occurredAt: command.at,
      };
      await eventStore.append(shipmentStream(shipmentId), events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })), 'no_stream');
      const stream = await eventStore.readStream(shipmentStream(shipmentId));
      const request = stream.find((e) => e.type === 'ShipmentBookingRequested');
      if (!request) throw new Error(`The shipment was not confirmed: ${JSON.stringify(stream.map((e) => e.data))}`);
      return { shipmentId, request };
    },
    stream: (shipmentId) => eventStore.readStream(shipmentStream(shipmentId)),
    async close() {
      await eventStore.close();
      await drop();
    },
  };
  return harness;
}

export function bookableContent(overrides: Partial<ShipmentContent> = {}): ShipmentContent {
  return {
    merchant: 'SHOP1',
    entity_type: 'FORWARD',
    references: { partner_shipment_reference: `ref-${randomUUID()}`, partner_order_reference: `order-${randomUUID().slice(0, 8)}` },
    pickup: { contact_name: 'Warehouse', address1: '1 Dock Road', city: 'Dubai', country: 'AE', contact_phone: '+971500000001' },
    dropoff: {
      contact_name: 'Jane Doe', address1: '5 Palm Street', city: 'London', postcode: 'SW1A 1AA', country: 'GB',
      contact_phone: '+447700900123', contact_email: 'jane@example.com',
    },
    parcels: [{ parcel_id: 'p1', weight: { value: 2.5, unit: 'kg' } }, { parcel_id: 'p2', weight: { value: 1, unit: 'kg' } }],
    payment: { payment_mode: 'CASH_ON_DELIVERY', pending_amount: 42.5, total_amount: 42.5, currency: 'GBP' },
    ...overrides,
  };
}
