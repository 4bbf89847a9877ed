import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { campaignSettingsSchema, V, type CampaignSettings } from '@atendo/shared';
import * as yup from 'yup';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission, RequirePlan } from '../../common/decorators.js';
import { YupPipe } from '../../common/validation.pipe.js';
import { CampaignSettingsService } from './campaign-settings.service.js';

@Controller('campaign-settings')
@RequirePermission('campaigns:manage')
@RequirePlan('useCampaigns')
export class CampaignSettingsController {
  constructor(private readonly settings: CampaignSettingsService) {}

  @Get()
  list(@CurrentUser() auth: AuthUser) {
    return this.settings.list(auth.companyId);
  }

  /** The body the existing clients post: `{ settings: {...} }`. */
  @Post()
  @HttpCode(200)
  save(
    @CurrentUser() auth: AuthUser,
    @Body(new YupPipe(yup.object({ settings: campaignSettingsSchema.required(V.required) })))
    input: { settings: CampaignSettings },
  ) {
    return this.settings.save(auth.companyId, input.settings);
  }
}
