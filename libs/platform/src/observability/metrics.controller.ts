import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PublicRoute } from '../http/route-metadata';
import { PLATFORM_SERVICES, type PlatformServices } from '../platform-services';
import { metricsRegistry, setParkedEvents, setProjectorLag } from './metrics';

/** Prometheus text exposition (the one non-JSON 2xx: Prometheus cannot read JSON). */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(PLATFORM_SERVICES) private readonly platform: PlatformServices) {}

  @Get()
  @PublicRoute()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  async metrics(): Promise<string> {
    const lags = await this.platform.options.followerLag?.().catch(() => []) ?? [];
    for (const { name, lag, parked } of lags) {
      setProjectorLag(name, { events: lag });
      setParkedEvents(name, parked);
    }
    return metricsRegistry.metrics();
  }
}
