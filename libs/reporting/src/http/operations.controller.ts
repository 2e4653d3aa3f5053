import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { sql } from 'kysely';
import { DATABASE, type Database } from '@shipledger/database';
import { listParkedEvents, readModelSchema } from '@shipledger/projections';
import { CurrentAuth, PLATFORM_SERVICES, RequireScopes, UseErrorArea, type AuthContext, type PlatformServices } from '@shipledger/platform';
import { shipmentIdOf } from '@shipledger/shipping';
import { SHIPMENT_REPORTS } from '../shipment-facts/facts-projector';

export interface OperationsAnswer {
  /** Every projector and reactor, with the events it still has to process (counted up to 1000). */
  followers: { kind: string; name: string; lag: number }[];
  /** Events of this tenant's shipments that a projector or reactor gave up on. */
  parked: { kind: string; follower: string; event_type: string; shipment_id: string; attempts: number; parked_at: string; error: string }[];
}

/** How far behind the read side is, and what it parked: the dashboard's operations panel. */
@ApiTags('reports')
@UseErrorArea('shipping')
@Controller('reports')
export class OperationsController {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices,
  ) {}

  @Get('operations')
  @RequireScopes('read:reports')
  @ApiOperation({ summary: 'Projector and reactor lag, and the parked events of this tenant\'s shipments' })
  @ApiOkResponse({ description: '{followers: [{kind, name, lag}], parked: [{kind, follower, event_type, shipment_id, attempts, parked_at, error}]}' })
  async operations(@CurrentAuth() auth: AuthContext): Promise<OperationsAnswer> {
    const lag = (await this.platform.options.followerLag?.()) ?? [];
    const followers = lag.map(({ name, lag: behind }) => {
      const [kind = '', ...rest] = name.split(':');
      return { kind, name: rest.join(':'), lag: behind };
    });
    const parked = (await listParkedEvents(this.database.kysely))
      .flatMap((e) => { const shipmentId = shipmentIdOf(e.streamId); return shipmentId ? [{ ...e, shipmentId }] : []; });
    if (parked.length === 0) return { followers, parked: [] };
    // Parked events are the operator's list across tenants: show those of this tenant's shipments only.
    const ids = parked.map((e) => e.shipmentId);
    const own = await this.database.kysely.withSchema(readModelSchema(SHIPMENT_REPORTS)).selectFrom('shipment_facts')
      .select('shipment_id').where('tenant_id', '=', auth.tenantId)
      .where(sql<boolean>`shipment_id = any(${ids}::text[])`).execute();
    const mine = new Set(own.map((row) => row.shipment_id as string));
    return {
      followers,
      parked: parked.filter((e) => mine.has(e.shipmentId)).map((e) => ({
        kind: e.kind, follower: e.follower, event_type: e.eventType, shipment_id: e.shipmentId,
        attempts: e.attempts, parked_at: e.parkedAt, error: (e.lastError.split('\n')[0] ?? '').slice(0, 300),
      })),
    };
  }
}
