import { Module } from '@nestjs/common';
import { QuickMessagesController } from './quick-messages.controller.js';
import { QuickMessagesService } from './quick-messages.service.js';

@Module({ controllers: [QuickMessagesController], providers: [QuickMessagesService] })
export class QuickMessagesModule {}
