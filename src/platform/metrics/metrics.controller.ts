import { Controller, Get, NotFoundException, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../../accounts/current-user.js';
import { MetricsService } from './metrics.service.js';

/** `GET /metrics` in the Prometheus text format; a 404 unless METRICS_ENABLED=true. */
@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Public()
  @Get('metrics')
  async scrape(@Res() response: Response): Promise<void> {
    if (!this.metrics.enabled) throw new NotFoundException();
    const body = await this.metrics.registry.metrics();
    response.setHeader('Content-Type', this.metrics.registry.contentType);
    response.send(body);
  }
}
