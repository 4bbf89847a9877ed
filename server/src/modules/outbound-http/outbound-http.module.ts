import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, PRODUCT_NAME, type AppConfig } from '../../config/config.js';
import { OutboundHttp, type OutboundHttpOptions } from './outbound-http.js';

/** The outbound HTTP client every fetch made for a user goes through (see OutboundHttp). */
@Global()
@Module({})
export class OutboundHttpModule {
  /** `options` exist for the tests, which stand a local server in for a public host. */
  static forRoot(options: OutboundHttpOptions = {}): DynamicModule {
    return {
      module: OutboundHttpModule,
      providers: [
        {
          provide: OutboundHttp,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) =>
            new OutboundHttp({ userAgent: `${PRODUCT_NAME}/${config.version}`, ...options }),
        },
      ],
      exports: [OutboundHttp],
    };
  }
}
