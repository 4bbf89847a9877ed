import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { flowCampaignSchema, flowCampaignUpdateSchema } from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { FlowCampaignsService, type FlowCampaignInput } from './flow-campaigns.service.js';

const id = new IdPipe('ERR_NOT_FOUND');

/** Phrase-triggered flows (spec 2 §7 Flow campaigns), for the company's admins. */
@Controller('flowcampaign')
@RequirePermission('flows:manage')
export class FlowCampaignsController {
  constructor(private readonly campaigns: FlowCampaignsService) {}

  @Get()
  list(@CurrentUser() auth: AuthUser) {
    return this.campaigns.list(auth);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) campaignId: number) {
    return this.campaigns.findOne(auth, campaignId);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(new YupPipe(flowCampaignSchema)) input: FlowCampaignInput) {
    return this.campaigns.create(auth, input);
  }

  /** The campaign is named in the body, as the existing clients send it. */
  @Put()
  update(
    @CurrentUser() auth: AuthUser,
    @Body(new YupPipe(flowCampaignUpdateSchema)) input: FlowCampaignInput & { id: number },
  ) {
    return this.campaigns.update(auth, input.id, input);
  }

  @Delete(':id')
  remove(@CurrentUser() auth: AuthUser, @Param('id', id) campaignId: number) {
    return this.campaigns.remove(auth, campaignId);
  }
}
