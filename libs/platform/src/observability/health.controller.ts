import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { PublicRoute } from '../http/route-metadata';
import { PLATFORM_SERVICES, type PlatformServices } from '../platform-services';

const CHECK_TIMEOUT_MS = 2_000;

@ApiTags('Operations')
@Controller('health')
export class HealthController {
  constructor(@Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices) {}

  @Get()
  @PublicRoute()
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @PublicRoute()
  @ApiOperation({ summary: 'Readiness: the database and the event store answer (503 otherwise)' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Record<string, unknown>> {
    const [database, eventStore] = await Promise.all([
      check(() => sql`select 1`.execute(this.platform.options.database.kysely)),
      check(() => this.platform.options.eventStore.headPosition()),
    ]);
    const ok = database === 'up' && eventStore === 'up';
    reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable', checks: { database, event_store: eventStore } };
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
