import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';

@Module({ imports: [ConversationsModule], controllers: [DashboardController], providers: [DashboardService] })
export class DashboardModule {}
