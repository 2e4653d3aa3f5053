import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { PublicRoute } from '../http/route-metadata';
import { PLATFORM_SERVICES, type PlatformServices } from '../platform-services';

const CHECK_TIMEOUT_MS = 2_000;
/** Liveness must answer fast even when the database does not. */
const PARKED_TIMEOUT_MS = 500;

@ApiTags('Operations')
@Controller('health')
export class HealthController {
  constructor(@Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices) {}

  @Get()
  @PublicRoute()
  @ApiOperation({
    summary: 'Liveness: the process answers (always 200); "degraded" with a count while projectors or reactors have parked events',
  })
  async live(): Promise<{ status: 'ok' } | { status: 'degraded'; parked_events: number }> {
    const parked = await this.parkedEvents();
    return parked > 0 ? { status: 'degraded', parked_events: parked } : { status: 'ok' };
  }

  @Get('ready')
  @PublicRoute()
  @ApiOperation({
    summary: 'Readiness: the database and the event store answer (503 otherwise); "degraded" (still 200) while events are parked',
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Record<string, unknown>> {
    const [database, eventStore] = await Promise.all([
      check(() => sql`select 1`.execute(this.platform.options.database.kysely)),
      check(() => this.platform.options.eventStore.headPosition()),
    ]);
    const ok = database === 'up' && eventStore === 'up';
    reply.status(ok ? 200 : 503);
    if (!ok) return { status: 'unavailable', checks: { database, event_store: eventStore } };
    const parked = await this.parkedEvents();
    if (parked === 0) return { status: 'ok', checks: { database, event_store: eventStore } };
    return { status: 'degraded', checks: { database, event_store: eventStore, projections: 'degraded' }, parked_events: parked };
  }

  /** Parked events; 0 when not configured or when the count cannot be read in time (liveness must answer). */
  private async parkedEvents(): Promise<number> {
    const count = this.platform.options.parkedEvents;
    if (!count) return 0;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<number>((resolve) => { timer = setTimeout(() => resolve(0), PARKED_TIMEOUT_MS); });
    try {
      return await Promise.race([count().catch(() => 0), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

async function check(probe: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => { timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS); });
  try {
    return await Promise.race([probe().then(() => 'up' as const), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
