import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { forgotPasswordSchema, resetPasswordParamsSchema, type ResetPasswordParams } from '@atendo/shared';
import { Public } from '../../common/decorators.js';
import { YupPipe } from '../../common/validation.pipe.js';
import { PasswordResetService } from './password-reset.service.js';
import { ResetThrottle } from './reset-throttle.js';

/**
 * The paths the existing clients call. They carry the address, the code and the new password, so
 * the access log and the error log never write them (common/access-log.ts).
 */
@Controller()
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Public()
  @Post('forgetpassword/:email')
  @HttpCode(200)
  @ResetThrottle()
  request(@Param(new YupPipe(forgotPasswordSchema)) params: { email: string }) {
    return this.resets.request(params.email);
  }

  @Public()
  @Post('resetpasswords/:email/:token/:newPassword')
  @HttpCode(204)
  @ResetThrottle()
  async reset(@Param(new YupPipe(resetPasswordParamsSchema)) params: ResetPasswordParams) {
    await this.resets.reset(params);
  }
}
