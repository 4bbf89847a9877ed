import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { campaignSchema } from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission, RequirePlan } from '../../common/decorators.js';
import { fileRequired } from '../../common/multipart.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { readUpload } from '../media/attachment.js';
import type { CampaignInput } from './campaigns.schemas.js';
import { CampaignsService } from './campaigns.service.js';

const id = new IdPipe('ERR_NO_CAMPAIGN_FOUND');
const body = new YupPipe(campaignSchema);

/** Campaigns are the admins' of companies whose plan has them (spec 1 §2), here as in the menu. */
@Controller('campaigns')
@RequirePermission('campaigns:manage')
@RequirePlan('useCampaigns')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.campaigns.page(auth, query);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) campaignId: number) {
    return this.campaigns.findOne(auth, campaignId);
  }

  @Get(':id/report')
  report(@CurrentUser() auth: AuthUser, @Param('id', id) campaignId: number) {
    return this.campaigns.report(auth, campaignId);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(body) input: CampaignInput) {
    return this.campaigns.create(auth, input);
  }

  @Put(':id')
  update(@CurrentUser() auth: AuthUser, @Param('id', id) campaignId: number, @Body(body) input: CampaignInput) {
    return this.campaigns.update(auth, campaignId, input);
  }

  @Delete(':id')
  async remove(@CurrentUser() auth: AuthUser, @Param('id', id) campaignId: number) {
    await this.campaigns.remove(auth, campaignId);
    return { message: 'Campaign deleted' };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() auth: AuthUser, @Param('id', id) campaignId: number) {
    return this.campaigns.cancel(auth, campaignId);
  }

  @Post(':id/restart')
  @HttpCode(200)
  restart(@CurrentUser() auth: AuthUser, @Param('id', id) campaignId: number) {
    return this.campaigns.restart(auth, campaignId);
  }

  @Post(':id/media-upload')
  async upload(@CurrentUser() auth: AuthUser, @Param('id', id) campaignId: number, @Req() request: FastifyRequest) {
    const { files } = await readUpload(request, 'file', 1);
    if (!files.length) throw fileRequired('file');
    return this.campaigns.attach(auth, campaignId, files[0]);
  }

  @Delete(':id/media-upload')
  detach(@CurrentUser() auth: AuthUser, @Param('id', id) campaignId: number) {
    return this.campaigns.detach(auth, campaignId);
  }
}
