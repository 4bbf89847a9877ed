import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetService } from './password-reset.service.js';

@Module({ imports: [MailModule], controllers: [PasswordResetController], providers: [PasswordResetService] })
export class PasswordResetModule {}
