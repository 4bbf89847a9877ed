import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { SettingsService } from './settings.service.js';

@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** Agents read the settings they need from their session user's company; the page is admins'. */
  @Get()
  @RequirePermission('settings:manage')
  list(@CurrentUser() auth: AuthUser) {
    return this.settings.list(auth);
  }

  @Put(':key')
  @RequirePermission('settings:manage')
  update(@CurrentUser() auth: AuthUser, @Param('key') key: string, @Body() body: unknown) {
    return this.settings.update(auth, key, body);
  }
}
