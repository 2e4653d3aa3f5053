import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PublicRoute } from '../http/route-metadata';
import { metricsRegistry } from './metrics';

/** Prometheus text exposition (the one non-JSON 2xx: Prometheus cannot read JSON). */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  @Get()
  @PublicRoute()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  async metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
