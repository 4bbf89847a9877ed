import { Module } from '@nestjs/common';
import { ChatsController } from './chats.controller.js';
import { ChatsService } from './chats.service.js';

@Module({ controllers: [ChatsController], providers: [ChatsService] })
export class ChatsModule {}
