import { Module } from '@nestjs/common';
import { AnnouncementMedia } from './announcement-media.js';
import { AnnouncementsController } from './announcements.controller.js';
import { AnnouncementsService } from './announcements.service.js';

@Module({ controllers: [AnnouncementsController], providers: [AnnouncementsService, AnnouncementMedia] })
export class AnnouncementsModule {}
