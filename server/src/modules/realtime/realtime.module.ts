import { Global, Module } from '@nestjs/common';
import { AuthGuard } from '../../common/auth.guard.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimeService } from './realtime.service.js';

@Global()
@Module({
  providers: [RealtimeService, RealtimeGateway, AuthGuard],
  exports: [RealtimeService],
})
export class RealtimeModule {}
