import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES, announcementSchema, V, type AnnouncementInput } from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { DomainError } from '../../common/domain-error.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { AnnouncementsService } from './announcements.service.js';

const id = new IdPipe('ERR_NO_ANNOUNCEMENT_FOUND');
const body = new YupPipe(announcementSchema);

/** @fastify/multipart's limit errors, answered as the client errors they are. */
const MULTIPART_ERRORS: Record<string, 'ERR_PAYLOAD_TOO_LARGE' | 'ERR_VALIDATION'> = {
  FST_REQ_FILE_TOO_LARGE: 'ERR_PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'ERR_PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'ERR_PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'ERR_PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'ERR_VALIDATION',
  FST_PROTO_VIOLATION: 'ERR_VALIDATION',
};

const fileRequired = () => new DomainError('ERR_VALIDATION', { fields: [{ field: 'file', message: V.required }] });

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
    if (!request.isMultipart()) throw fileRequired();
    let file: { data: Buffer; filename: string } | null = null;
    try {
      const part = await request.file({ limits: { fileSize: ANNOUNCEMENT_MEDIA_MAX_BYTES, files: 1 } });
      if (part) file = { data: await part.toBuffer(), filename: part.filename || '' };
    } catch (error) {
      const code = MULTIPART_ERRORS[(error as { code?: string }).code ?? ''];
      if (code) throw new DomainError(code);
      throw error;
    }
    if (!file?.data.length) throw fileRequired();
    return this.announcements.attach(auth, announcementId, file);
  }

  @Delete(':id/media-upload')
  @RequirePermission('announcements:manage')
  detach(@CurrentUser() auth: AuthUser, @Param('id', id) announcementId: number) {
    return this.announcements.detach(auth, announcementId);
  }
}
