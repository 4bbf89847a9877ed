import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AuthGuard } from './common/auth.guard.js';
import { AllExceptionsFilter } from './common/exception.filter.js';
import type { AppConfig } from './config/config.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { RedisThrottlerStorage } from './modules/auth/redis-throttler.storage.js';
import { CompaniesModule } from './modules/companies/companies.module.js';
import { ConversationsModule } from './modules/conversations/conversations.module.js';
import { CoreModule } from './modules/core/core.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { GatewayModule } from './modules/gateway/gateway.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { PlansModule } from './modules/plans/plans.module.js';
import { QueuesModule } from './modules/queues/queues.module.js';
import { RealtimeModule } from './modules/realtime/realtime.module.js';
import { REDIS } from './modules/redis/redis.module.js';
import { SessionsModule } from './modules/sessions/sessions.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { SetupModule } from './modules/setup/setup.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { WhatsappModule } from './modules/whatsapp/whatsapp.module.js';
import { PasswordResetModule } from './modules/password-reset/password-reset.module.js';
import { resetThrottlers } from './modules/password-reset/reset-throttle.js';
import { AnnouncementsModule } from './modules/announcements/announcements.module.js';
import { HelpsModule } from './modules/helps/helps.module.js';
import { MediaModule } from './modules/media/media.module.js';

const MINUTE = 60_000;

/** The account a sign-in attempt targets, so guessing one password from many IPs is still slowed. */
function accountOf(req: Record<string, unknown>): string {
  const { body, ip } = req as unknown as FastifyRequest;
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : `ip:${ip}`;
}

@Module({})
export class AppModule {
  /** `extraModules` lets the e2e tests add test-only providers (a recording inbound sink). */
  static forRoot(config: AppConfig, extraModules: (Type | DynamicModule)[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        // Applied only where a route asks for ThrottlerGuard: sign-in, sign-up and password reset.
        ThrottlerModule.forRootAsync({
          inject: [REDIS],
          useFactory: (redis: Redis | null) => ({
            throttlers: [
              { name: 'login-ip', ttl: MINUTE, limit: config.loginLimitPerIp },
              { name: 'login-account', ttl: MINUTE, limit: config.loginLimitPerAccount, getTracker: accountOf },
              { name: 'signup-ip', ttl: 60 * MINUTE, limit: config.signupLimitPerIp },
              ...resetThrottlers(config),
            ],
            storage: redis ? new RedisThrottlerStorage(redis, config.redisPrefix) : undefined,
          }),
        }),
        MediaModule,
        SessionsModule,
        RealtimeModule,
        PlansModule,
        SettingsModule,
        UsersModule,
        AuthModule,
        CompaniesModule,
        QueuesModule,
        HealthModule,
        SetupModule,
        ConversationsModule,
        DashboardModule,
        GatewayModule.forRoot(config),
        WhatsappModule,
        BillingModule.forRoot(config),
        PasswordResetModule,
        HelpsModule,
        AnnouncementsModule,
        ...extraModules,
      ],
      providers: [
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
