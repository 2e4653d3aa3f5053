import {
  parseIsoInstant, readTenantShipmentStream, shipmentAsOf, shipmentIdOf, shipmentTimeline, toShipmentResponse, type ShipmentHistoryEntry,
} from '@shipledger/shipping';
import type { CliContext, CommandGroup } from '../cli-context';
import { formatTable } from '../format-table';

const CHANGE_WIDTH = 90;

export const shipmentsCommands: CommandGroup = (program, context) => {
  program
    .command('shipments:history')
    .argument('<shipment>', 'shipment id or partner_shipment_reference')
    .requiredOption('--tenant <tenantId>', 'the tenant that owns the shipment')
    .option('--as-of <dateTime>', 'print the shipment as it was at this instant (ISO 8601; UTC without an offset)')
    .option('--json', 'print JSON (the same as GET /shipments/{id}/history)')
    .description("a shipment's audit timeline, replayed from its event stream")
    .action(async (shipment: string, options: { tenant: string; asOf?: string; json?: boolean }) =>
      history(context, shipment, options));
};

async function history(context: CliContext, shipmentRef: string, options: { tenant: string; asOf?: string; json?: boolean }): Promise<void> {
  const { eventStore } = await context.resources();
  const events = await readTenantShipmentStream(eventStore, options.tenant, shipmentRef);
  if (!events) throw new Error(`No shipment found with the shipment id: ${shipmentRef} (tenant ${options.tenant})`);
  if (options.asOf !== undefined) {
    const asOf = parseIsoInstant(options.asOf.trim(), 'end');
    if (!asOf) throw new Error('--as-of must be an ISO 8601 date-time');
    const state = shipmentAsOf(events, asOf);
    if (!state) throw new Error(`Shipment ${shipmentRef} did not exist yet at ${asOf}`);
    return context.print(JSON.stringify(toShipmentResponse(state), null, 2));
  }
  const timeline = shipmentTimeline(events);
  if (options.json) return context.print(JSON.stringify(timeline, null, 2));
  const last = timeline[timeline.length - 1];
  context.print(`shipment ${events[0] && shipmentIdOf(events[0].streamId)} — ${timeline.length} events, now ${last?.resulting_status ?? '?'}`);
  const rows = timeline.map((entry) => [
    `#${entry.revision}`, entry.occurred_at, entry.actor, entry.type, `→ ${entry.resulting_status}`, summarise(entry),
  ]);
  for (const line of formatTable(['rev', 'occurred at', 'actor', 'event', 'status', 'change'], rows)) context.print(line);
}

/** The change on one line: its JSON, cut to the terminal width. */
function summarise(entry: ShipmentHistoryEntry): string {
  const text = JSON.stringify(entry.change);
  return text === '{}' ? '' : text.length > CHANGE_WIDTH ? `${text.slice(0, CHANGE_WIDTH - 1)}…` : text;
}
