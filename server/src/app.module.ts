import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './common/auth.guard.js';
import { AllExceptionsFilter } from './common/exception.filter.js';
import type { AppConfig } from './config/config.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { CompaniesModule } from './modules/companies/companies.module.js';
import { ConversationsModule } from './modules/conversations/conversations.module.js';
import { CoreModule } from './modules/core/core.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { GatewayModule } from './modules/gateway/gateway.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { PlansModule } from './modules/plans/plans.module.js';
import { QueuesModule } from './modules/queues/queues.module.js';
import { RealtimeModule } from './modules/realtime/realtime.module.js';
import { SessionsModule } from './modules/sessions/sessions.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { SetupModule } from './modules/setup/setup.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { WhatsappModule } from './modules/whatsapp/whatsapp.module.js';
import { PasswordResetModule } from './modules/password-reset/password-reset.module.js';
import { AnnouncementsModule } from './modules/announcements/announcements.module.js';
import { HelpsModule } from './modules/helps/helps.module.js';
import { ContactListsModule } from './modules/contact-lists/contact-lists.module.js';
import { QuickMessagesModule } from './modules/quick-messages/quick-messages.module.js';
import { FilesModule } from './modules/files/files.module.js';
import { ChatsModule } from './modules/chats/chats.module.js';
import { DispatchModule } from './modules/dispatch/dispatch.module.js';
import { ExternalApiModule } from './modules/external-api/external-api.module.js';
import { AiModule } from './modules/ai/ai.module.js';
import { IntegrationsModule } from './modules/integrations/integrations.module.js';
import { FlowsModule } from './modules/flows/flows.module.js';
import { ThrottleModule } from './modules/throttle/throttles.js';
import { OutboundHttpModule } from './modules/outbound-http/outbound-http.module.js';
import type { OutboundHttpOptions } from './modules/outbound-http/outbound-http.js';
import { MediaModule } from './modules/media/media.module.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';

@Module({})
export class AppModule {
  /**
   * `extraModules` lets the e2e tests add test-only providers (a recording inbound sink), and
   * `outboundHttp` stand a local server in for a public host.
   */
  static forRoot(
    config: AppConfig,
    extraModules: (Type | DynamicModule)[] = [],
    outboundHttp?: OutboundHttpOptions,
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        MetricsModule,
        OutboundHttpModule.forRoot(outboundHttp),
        ThrottleModule,
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
        ContactListsModule,
        QuickMessagesModule,
        FilesModule,
        AiModule.forRoot(config),
        IntegrationsModule.forRoot(config),
        FlowsModule,
        ChatsModule,
        DispatchModule,
        ExternalApiModule,
        ...extraModules,
      ],
      providers: [
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
