import { orderAsOf, orderTimeline, readTenantOrderStream, toOrderResponse } from '@shipledger/ordering';
import { parseIsoInstant } from '@shipledger/shipping';
import type { CliContext, CommandGroup } from '../cli-context';
import { formatTable } from '../format-table';

const CHANGE_WIDTH = 90;

export const ordersCommands: CommandGroup = (program, context) => {
  program
    .command('orders:history')
    .argument('<order>', 'order id or partner_order_reference')
    .requiredOption('--tenant <tenantId>', 'the tenant that owns the order')
    .option('--as-of <dateTime>', 'print the order as it was at this instant (ISO 8601; UTC without an offset)')
    .option('--json', 'print JSON (the same as GET /orders/{reference}/history)')
    .description("an order's audit timeline, replayed from its event stream")
    .action(async (order: string, options: { tenant: string; asOf?: string; json?: boolean }) => history(context, order, options));
};

async function history(context: CliContext, reference: string, options: { tenant: string; asOf?: string; json?: boolean }): Promise<void> {
  const { eventStore } = await context.resources();
  const events = await readTenantOrderStream(eventStore, options.tenant, reference);
  if (!events) throw new Error(`No order found with the reference: ${reference} (tenant ${options.tenant})`);
  if (options.asOf !== undefined) {
    const asOf = parseIsoInstant(options.asOf.trim(), 'end');
    if (!asOf) throw new Error('--as-of must be an ISO 8601 date-time');
    const state = orderAsOf(events, asOf);
    if (!state) throw new Error(`Order ${reference} did not exist yet at ${asOf}`);
    return context.print(JSON.stringify(toOrderResponse(state), null, 2));
  }
  const timeline = orderTimeline(events);
  if (options.json) return context.print(JSON.stringify(timeline, null, 2));
  const last = timeline[timeline.length - 1];
  context.print(`order ${events[0]?.streamId.replace(/^order-/, '')} — ${timeline.length} events, now ${last?.resulting_status ?? '?'}`);
  const rows = timeline.map((entry) => {
    const change = JSON.stringify(entry.change);
    return [`#${entry.revision}`, entry.occurred_at, entry.actor, entry.type, `→ ${entry.resulting_status}`,
      change.length > CHANGE_WIDTH ? `${change.slice(0, CHANGE_WIDTH - 1)}…` : change];
  });
  for (const line of formatTable(['rev', 'occurred at', 'actor', 'event', 'status', 'change'], rows)) context.print(line);
}
