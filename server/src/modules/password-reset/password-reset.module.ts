import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetService } from './password-reset.service.js';

@Module({
  imports: [MailModule],
  controllers: [PasswordResetController],
  providers: [PasswordResetService],
  // Companies invites a first admin created without a password with a code of this module.
  exports: [PasswordResetService],
})
export class PasswordResetModule {}
