import { Module } from '@nestjs/common';
import { DispatchModule } from '../dispatch/dispatch.module.js';
import { ExternalApiController } from './external-api.controller.js';
import { ExternalApiService } from './external-api.service.js';

/** The external send API of COMPAT.md: integrators send through a connection's token. */
@Module({
  imports: [DispatchModule],
  controllers: [ExternalApiController],
  providers: [ExternalApiService],
})
export class ExternalApiModule {}
