/**
 * Figures for the shipment-list projector: statements and time to apply confirmed creates (three
 * events each) event by event versus with applyBatch, in transactions of `batch` events as the runner
 * and the rebuild would.
 *   node -r ./tools/register.js bench/read-models/shipment-list-apply.ts \
 *     [pglite|postgres] [creates] [batch]
 */
import type { KyselyPlugin } from 'kysely';
import type { RecordedEvent } from '@shipledger/event-store';
import { readModelSchema, type Projector } from '@shipledger/projections';
import { openTestDatabase } from '../../libs/testing/src/test-database';
import { migrateProjector } from '../../libs/testing/src/projection-spec';
import { sampleContent, ShipmentEventLog } from '../../test/shipping/read-models/shipment-events.fixture';
import { shipmentListProjector } from '@shipledger/shipping';

const account = { carrier: 'SANDBOX', carrier_id: 'ca-1', carrier_account_name: 'Sandbox' };

function confirmedCreates(count: number): RecordedEvent[] {
  const log = new ShipmentEventLog();
  for (let i = 0; i < count; i++) {
    const id = `shp-${i}-${log.tenantId.slice(-8)}`;
    const stamp = { at: new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString(), actor: 'client-1' };
    log.append(id, { type: 'ShipmentCreated', data: {
      shipment_id: id, tenant_id: log.tenantId, content: sampleContent({ ref: `REF-${i}` }), ...stamp } });
    log.append(id, { type: 'ShipmentConfirmed', data: { carrier_account: account, warnings: [], ...stamp } });
    log.append(id, { type: 'ShipmentBookingRequested', data: {
      booking_attempt_id: `att-${i}`, carrier_account: account, reason: 'confirm', ...stamp } });
  }
  return log.events;
}

async function main(): Promise<void> {
  const kind = (process.argv[2] ?? 'postgres') as 'pglite' | 'postgres';
  const creates = Number(process.argv[3] ?? 3000);
  const batch = Number(process.argv[4] ?? 1000);
  const projector: Projector = shipmentListProjector;
  const database = await openTestDatabase(kind);
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => { statements++; return args.node; },
    transformResult: async (args) => args.result,
  };
  const db = database.kysely.withPlugin(counter);
  try {
    await migrateProjector(database.kysely, projector);
    const run = async (label: string, apply: (scoped: typeof db, events: RecordedEvent[]) => Promise<void>) => {
      const events = confirmedCreates(creates);
      statements = 0;
      const started = process.hrtime.bigint();
      for (let start = 0; start < events.length; start += batch) {
        await db.transaction().execute((trx) => apply(trx.withSchema(readModelSchema(projector.name)), events.slice(start, start + batch)));
      }
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(`${kind} ${label}: ${events.length} events in ${Math.ceil(events.length / batch)} transactions: `
        + `${statements} statements (${(statements / events.length).toFixed(2)}/event), ${ms.toFixed(0)} ms `
        + `(${(ms * 1000 / events.length).toFixed(0)} µs/event)`);
    };
    await run('event by event', async (scoped, events) => { for (const event of events) await projector.apply(scoped, event); });
    await run('applyBatch    ', async (scoped, events) => projector.applyBatch!(scoped, events));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
