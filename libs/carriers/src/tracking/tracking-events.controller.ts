import { timingSafeEqual } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, Inject, Ip, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiError, PLATFORM_SERVICES, PublicRoute, tooManyFailedAttempts, UseErrorArea, type PlatformServices } from '@shipledger/platform';
import { CARRIERS_CONTEXT } from '../carriers.tokens';
import type { CarriersContext } from '../carriers.context';
import { hmac } from '../secrets/carrier-secrets';
import { parseTrackingEvents } from './tracking-events.request';

/**
 * Where a carrier (or the HTTP bridge) posts tracking events. Carriers hold no tenant token: they
 * authenticate as one carrier account with `x-carrier-account-id` and `x-carrier-webhook-secret`, the
 * secret being the account's WEBHOOK_SECRET property. Answers one result per event:
 * recorded | duplicate | superseded | not_booked_yet | unknown_tracking_no. The secret is compared in
 * constant time, and wrong ones are throttled per (account id, address) and per address like token
 * requests (429 with Retry-After).
 */
@ApiTags('carriers')
@Controller('carriers/tracking-events')
@UseErrorArea('shipping')
export class TrackingEventsController {
  constructor(
    @Inject(CARRIERS_CONTEXT) private readonly context: CarriersContext,
    @Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices,
  ) {}

  @Post()
  @HttpCode(200)
  @PublicRoute()
  async receive(
    @Headers('x-carrier-account-id') accountId: string | undefined,
    @Headers('x-carrier-webhook-secret') secret: string | undefined,
    @Body() body: unknown,
    @Ip() address: string,
  ): Promise<{ results: { tracking_no: string; event_id: string; result: string }[] }> {
    const throttle = this.platform.secretThrottle;
    const throttleKey = `carrier-account:${accountId ?? ''}`;
    const wait = throttle.retryAfterSeconds(throttleKey, address);
    if (wait > 0) throw tooManyFailedAttempts(wait);
    const account = accountId ? await this.context.accountRepository.getById(accountId) : undefined;
    const expected = account?.property.WEBHOOK_SECRET;
    if (!account || !expected || !secret || !sameSecret(secret, expected, this.context.config.secrets.signingKey)) {
      throttle.recordFailure(throttleKey, address);
      throw new ApiError(401, ['Unknown carrier account or wrong webhook secret'], 'unauthorized');
    }
    if (account.status === 'deleted') throw new ApiError(401, ['Unknown carrier account or wrong webhook secret'], 'unauthorized');
    const updates = parseTrackingEvents(body, account);
    const results = [];
    for (const update of updates) {
      results.push({ tracking_no: update.trackingNo, event_id: update.carrierEventId, result: await this.context.tracking.record(update) });
    }
    return { results };
  }
}

/** Constant-time comparison of two secrets of any length (compares their MACs). */
function sameSecret(given: string, expected: string, key: Buffer): boolean {
  return timingSafeEqual(hmac(key, given), hmac(key, expected));
}
