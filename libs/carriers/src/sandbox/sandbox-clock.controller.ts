import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiError, CurrentAuth, RequireScopes, UseErrorArea, type AuthContext } from '@shipledger/platform';
import { CARRIERS_CONTEXT } from '../carriers.tokens';
import type { CarriersContext } from '../carriers.context';

const MAX_MINUTES = 366 * 24 * 60;

/**
 * The tenant's sandbox clock. Advancing it makes every due tracking step of the tenant's sandbox
 * bookings happen before the call answers, so a test or a demo reaches any status without waiting.
 */
@ApiTags('sandbox')
@Controller('sandbox/clock')
@UseErrorArea('shipping')
export class SandboxClockController {
  constructor(@Inject(CARRIERS_CONTEXT) private readonly context: CarriersContext) {}

  @Get()
  @RequireScopes('read:shipments')
  async read(@CurrentAuth() auth: AuthContext): Promise<{ sandbox_time: string }> {
    return { sandbox_time: (await this.context.sandboxStore.now(auth.tenantId)).toISOString() };
  }

  @Post('advance')
  @HttpCode(200)
  @RequireScopes('update:shipments')
  async advance(@CurrentAuth() auth: AuthContext, @Body() body: unknown): Promise<{ sandbox_time: string; advanced_minutes: number; tracking_events_recorded: number }> {
    const minutes = (body as { minutes?: unknown } | null)?.minutes;
    if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0 || minutes > MAX_MINUTES) {
      throw ApiError.badRequest(`minutes : must be a number between 0 and ${MAX_MINUTES}`);
    }
    await this.context.sandboxStore.advance(auth.tenantId, Math.round(minutes * 60_000));
    const recorded = await this.context.simulator.tick(auth.tenantId);
    return {
      sandbox_time: (await this.context.sandboxStore.now(auth.tenantId)).toISOString(),
      advanced_minutes: minutes,
      tracking_events_recorded: recorded,
    };
  }
}
