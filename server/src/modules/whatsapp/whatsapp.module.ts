import { Module } from '@nestjs/common';
import { WhatsappController, WhatsappSessionController } from './whatsapp.controller.js';
import { WhatsappService } from './whatsapp.service.js';

/** The Connections page: connections of the company and their sessions (through the gateway). */
@Module({
  controllers: [WhatsappController, WhatsappSessionController],
  providers: [WhatsappService],
  exports: [WhatsappService],
})
export class WhatsappModule {}
