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

  /** Wrapped as `{ flow }`: the family's phrase-campaign page reads that key (COMPAT.md). */
  @Get()
  async list(@CurrentUser() auth: AuthUser) {
    return { flow: await this.campaigns.list(auth) };
  }

  /** The campaign, and again under `details`, where the family's edit dialog reads it. */
  @Get(':id')
  async findOne(@CurrentUser() auth: AuthUser, @Param('id', id) campaignId: number) {
    const campaign = await this.campaigns.findOne(auth, campaignId);
    return { ...campaign, details: campaign };
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
