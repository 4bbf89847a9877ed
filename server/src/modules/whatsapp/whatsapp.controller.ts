import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Post, Put } from '@nestjs/common';
import { whatsappSchema, type WhatsappInput } from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { whatsappUpdateSchema, type WhatsappUpdateInput } from './dto/whatsapp-update.schema.js';
import { WhatsappService } from './whatsapp.service.js';

const id = new IdPipe('ERR_NO_WAPP_FOUND');

/** The company's connections. `?session=0` (sent by the existing clients) changes nothing. */
@Controller('whatsapp')
export class WhatsappController {
  constructor(private readonly whatsapps: WhatsappService) {}

  @Get()
  list(@CurrentUser() auth: AuthUser) {
    return this.whatsapps.list(auth);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) whatsappId: number) {
    return this.whatsapps.findOne(auth, whatsappId);
  }

  @Post()
  @RequirePermission('connections-page:addConnection')
  create(@CurrentUser() auth: AuthUser, @Ip() ip: string, @Body(new YupPipe(whatsappSchema)) body: WhatsappInput) {
    return this.whatsapps.create(auth, body, ip);
  }

  @Put(':id')
  @RequirePermission('connections-page:editOrDeleteConnection')
  update(
    @CurrentUser() auth: AuthUser,
    @Ip() ip: string,
    @Param('id', id) whatsappId: number,
    @Body(new YupPipe(whatsappUpdateSchema)) body: WhatsappUpdateInput,
  ) {
    return this.whatsapps.update(auth, whatsappId, body, ip);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('connections-page:editOrDeleteConnection')
  async remove(@CurrentUser() auth: AuthUser, @Param('id', id) whatsappId: number) {
    await this.whatsapps.remove(auth, whatsappId);
  }
}

/** Starts a connection's session, asks for a new QR, or disconnects it. */
@Controller('whatsappsession')
@RequirePermission('connections-page:actionButtons')
export class WhatsappSessionController {
  constructor(private readonly whatsapps: WhatsappService) {}

  @Post(':id')
  @HttpCode(200)
  async start(@CurrentUser() auth: AuthUser, @Param('id', id) whatsappId: number) {
    await this.whatsapps.startSession(auth, whatsappId);
    return { message: 'Starting session.' };
  }

  @Put(':id')
  async renew(@CurrentUser() auth: AuthUser, @Param('id', id) whatsappId: number) {
    await this.whatsapps.renewSession(auth, whatsappId);
    return { message: 'Starting session.' };
  }

  @Delete(':id')
  async disconnect(@CurrentUser() auth: AuthUser, @Param('id', id) whatsappId: number) {
    await this.whatsapps.disconnectSession(auth, whatsappId);
    return { message: 'Session disconnected.' };
  }
}
