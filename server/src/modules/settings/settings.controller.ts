import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { SettingsService } from './settings.service.js';

@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** Any user of the company: agents' screens read the options (accepting reads sendGreetingAccepted). */
  @Get()
  list(@CurrentUser() auth: AuthUser) {
    return this.settings.list(auth);
  }

  @Put(':key')
  @RequirePermission('settings:manage')
  update(@CurrentUser() auth: AuthUser, @Param('key') key: string, @Body() body: unknown) {
    return this.settings.update(auth, key, body);
  }
}
