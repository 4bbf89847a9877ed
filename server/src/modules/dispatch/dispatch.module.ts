import { Module } from '@nestjs/common';
import { CampaignFigures } from '../campaigns/campaign-figures.js';
import { CampaignSettingsService } from '../campaigns/campaign-settings.service.js';
import { CampaignSettingsController } from '../campaigns/campaign-settings.controller.js';
import { CampaignsController } from '../campaigns/campaigns.controller.js';
import { CampaignsService } from '../campaigns/campaigns.service.js';
import { SchedulesController } from '../schedules/schedules.controller.js';
import { SchedulesService } from '../schedules/schedules.service.js';
import { CampaignRunner } from './campaign-runner.js';
import { Delivery } from './delivery.js';
import { Dispatcher } from './dispatcher.js';
import { PaceService } from './pace.service.js';
import { CampaignEvents } from './progress.js';
import { ScheduleRunner } from './schedule-runner.js';

/**
 * Sending later and sending to many: scheduled messages and campaigns, their routes, and the one
 * dispatcher that sends both (see docs/architecture.md, Dispatcher).
 */
@Module({
  controllers: [SchedulesController, CampaignsController, CampaignSettingsController],
  providers: [
    Delivery,
    PaceService,
    CampaignFigures,
    CampaignEvents,
    CampaignSettingsService,
    CampaignRunner,
    ScheduleRunner,
    Dispatcher,
    SchedulesService,
    CampaignsService,
  ],
  exports: [Delivery],
})
export class DispatchModule {}
