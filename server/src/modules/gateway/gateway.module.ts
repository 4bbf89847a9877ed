import { Global, Inject, Module, type DynamicModule, type OnModuleInit, type Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { BaileysProvider } from './baileys/baileys.provider.js';
import { OUTBOUND_PORT } from './gateway.types.js';
import { GatewayOutbound } from './outbound.service.js';
import { WHATSAPP_PROVIDERS, type WhatsappProvider } from './provider.js';
import { SandboxController } from './sandbox/sandbox.controller.js';
import { registerSandboxExtensions } from './sandbox/sandbox.extensions.js';
import { SandboxProvider } from './sandbox/sandbox.provider.js';
import { SessionManager } from './session-manager.js';

/**
 * The WhatsApp gateway: the providers, the live sessions (SessionManager) and the pipeline's way
 * out (OUTBOUND_PORT). Global so the connections module and the conversation pipeline reach it
 * without importing it; it reaches the pipeline's INBOUND_SINK the same way.
 *
 * WHATSAPP_PROVIDERS is the registry of connection kinds this server runs: add a provider class
 * to `providers` and to the factory's `inject` list.
 */
@Global()
@Module({})
export class GatewayModule implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionManager,
  ) {}

  static forRoot(config: AppConfig): DynamicModule {
    // WhatsApp itself (Baileys) always; the simulated network only while the sandbox is on.
    const kinds: Provider[] = config.sandbox ? [BaileysProvider, SandboxProvider] : [BaileysProvider];
    return {
      module: GatewayModule,
      providers: [
        ...kinds,
        {
          provide: WHATSAPP_PROVIDERS,
          inject: kinds as (typeof BaileysProvider | typeof SandboxProvider)[],
          useFactory: (...providers: WhatsappProvider[]): WhatsappProvider[] => providers,
        },
        SessionManager,
        GatewayOutbound,
        { provide: OUTBOUND_PORT, useExisting: GatewayOutbound },
      ],
      // The sandbox's routes exist only while the simulated network is on.
      controllers: config.sandbox ? [SandboxController] : [],
      exports: [SessionManager, OUTBOUND_PORT, WHATSAPP_PROVIDERS],
    };
  }

  onModuleInit(): void {
    if (this.config.sandbox) registerSandboxExtensions(this.sessions);
  }
}
