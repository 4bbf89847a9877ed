import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { forgotPasswordSchema, resetPasswordParamsSchema, type ResetPasswordParams } from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators.js';
import { YupPipe } from '../../common/validation.pipe.js';
import { PasswordResetService } from './password-reset.service.js';
import { Throttles } from '../throttle/throttles.js';

/**
 * The paths the existing clients call. They carry the address, the code and the new password, so
 * the access log and the error log never write them (common/access-log.ts).
 */
@Controller()
export class PasswordResetController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly throttles: Throttles,
  ) {}

  /** Throttled on the address as validated (fastify already decoded the path: no second decoding). */
  @Public()
  @Post('forgetpassword/:email')
  @HttpCode(200)
  request(@Param(new YupPipe(forgotPasswordSchema)) params: { email: string }, @Req() req: FastifyRequest) {
    return this.throttles.resetRequest.run(params.email, req.ip, () => this.resets.request(params.email));
  }

  @Public()
  @Post('resetpasswords/:email/:token/:newPassword')
  @HttpCode(204)
  async reset(@Param(new YupPipe(resetPasswordParamsSchema)) params: ResetPasswordParams, @Req() req: FastifyRequest) {
    await this.throttles.resetConfirm.run(params.email, req.ip, () => this.resets.reset(params));
  }
}
