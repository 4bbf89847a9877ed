import { Module } from '@nestjs/common';
import { PasswordResetModule } from '../password-reset/password-reset.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';

@Module({
  imports: [SettingsModule, PasswordResetModule],
  controllers: [CompaniesController],
  providers: [CompaniesService],
})
export class CompaniesModule {}
