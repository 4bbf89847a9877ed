import { Global, Module } from '@nestjs/common';
import { SessionHousekeeping } from './housekeeping.js';
import { SessionsService } from './sessions.service.js';
import { TokensService } from './tokens.service.js';

/** Access tokens and refresh-token sessions: global, as every guarded route and socket needs them. */
@Global()
@Module({
  providers: [TokensService, SessionsService, SessionHousekeeping],
  exports: [TokensService, SessionsService],
})
export class SessionsModule {}
