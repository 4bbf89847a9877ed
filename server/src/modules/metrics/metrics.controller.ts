import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators.js';
import { DomainError } from '../../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { Metrics } from './metrics.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in a time that does not depend on where the two differ (nor, hashed first, on their lengths). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics on the API's port, for Prometheus: only with METRICS_TOKEN, sent as a Bearer token.
 * Without it the route does not exist (404), whatever METRICS_PORT serves.
 */
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const token = this.config.metrics.token;
    if (!token) throw new DomainError('ERR_NOT_FOUND');
    const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) throw new DomainError('ERR_INVALID_TOKEN');
    const { contentType, body } = await this.metrics.exposition();
    void reply.header('content-type', contentType).header('cache-control', 'no-store');
    return body;
  }
}
