import { applyDecorators, SetMetadata, UseGuards, type ExecutionContext } from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard, type ThrottlerOptions } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.js';

const RESET_THROTTLED = 'atendo:reset-throttled';
const HOUR = 3_600_000;

/**
 * The address a reset call is about, so one mailbox is not flooded (nor its code guessed) from many
 * IPs. The router has already decoded the path parameter: decoding it again would throw on a `%`.
 */
function addressOf(req: Record<string, unknown>): string {
  const { params, ip } = req as unknown as FastifyRequest;
  const email = (params as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : `ip:${ip}`;
}

/** Only the routes marked with @ResetThrottle count against these limits. */
const notReset = (context: ExecutionContext) => !Reflect.getMetadata(RESET_THROTTLED, context.getHandler());

/** The throttlers of the two reset routes, for ThrottlerModule's list (each route counts apart). */
export function resetThrottlers(config: AppConfig): ThrottlerOptions[] {
  return [
    { name: 'reset-ip', ttl: HOUR, limit: config.resetLimitPerIp, skipIf: notReset },
    { name: 'reset-account', ttl: HOUR, limit: config.resetLimitPerAccount, getTracker: addressOf, skipIf: notReset },
  ];
}

/** Throttled per IP and per address by the reset throttlers, and by none of the sign-in ones. */
export function ResetThrottle() {
  return applyDecorators(
    SetMetadata(RESET_THROTTLED, true),
    UseGuards(ThrottlerGuard),
    SkipThrottle({ 'login-ip': true, 'login-account': true, 'signup-ip': true }),
  );
}
