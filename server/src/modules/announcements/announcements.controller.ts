import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES, announcementSchema, type AnnouncementInput } from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { fileRequired, readMultipart } from '../../common/multipart.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { AnnouncementsService } from './announcements.service.js';

const id = new IdPipe('ERR_NO_ANNOUNCEMENT_FOUND');
const body = new YupPipe(announcementSchema);

@Controller('announcements')
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.announcements.page(auth, query);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) announcementId: number) {
    return this.announcements.findOne(auth, announcementId);
  }

  @Post()
  @RequirePermission('announcements:manage')
  create(@CurrentUser() auth: AuthUser, @Body(body) input: AnnouncementInput) {
    return this.announcements.create(auth, input);
  }

  @Put(':id')
  @RequirePermission('announcements:manage')
  update(@CurrentUser() auth: AuthUser, @Param('id', id) announcementId: number, @Body(body) input: AnnouncementInput) {
    return this.announcements.update(auth, announcementId, input);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('announcements:manage')
  async remove(@CurrentUser() auth: AuthUser, @Param('id', id) announcementId: number) {
    await this.announcements.remove(auth, announcementId);
  }

  /** Multipart with one png or jpeg file (any field name; the old clients send `file`). */
  @Post(':id/media-upload')
  @RequirePermission('announcements:manage')
  async upload(@CurrentUser() auth: AuthUser, @Param('id', id) announcementId: number, @Req() request: FastifyRequest) {
    const file = await readMultipart(request, 'file', async () => {
      const part = await request.file({ limits: { fileSize: ANNOUNCEMENT_MEDIA_MAX_BYTES, files: 1 } });
      return part ? { data: await part.toBuffer(), filename: part.filename || '' } : null;
    });
    if (!file?.data.length) throw fileRequired('file');
    return this.announcements.attach(auth, announcementId, file);
  }

  @Delete(':id/media-upload')
  @RequirePermission('announcements:manage')
  detach(@CurrentUser() auth: AuthUser, @Param('id', id) announcementId: number) {
    return this.announcements.detach(auth, announcementId);
  }
}
