import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { scheduleSchema } from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePlan } from '../../common/decorators.js';
import { fileRequired } from '../../common/multipart.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { readUpload } from '../media/attachment.js';
import { scheduleListQuerySchema, type ScheduleInput, type ScheduleListQuery } from './schedules.schemas.js';
import { SchedulesService } from './schedules.service.js';

const id = new IdPipe('ERR_NO_SCHEDULE_FOUND');
const body = new YupPipe(scheduleSchema);

/** Every user of the company schedules; `companyId` and `userId` of the existing clients' queries are ignored. */
@Controller('schedules')
@RequirePlan('useSchedules')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(new YupPipe(scheduleListQuerySchema)) query: ScheduleListQuery) {
    return this.schedules.page(auth, query);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) scheduleId: number) {
    return this.schedules.findOne(auth, scheduleId);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(body) input: ScheduleInput) {
    return this.schedules.create(auth, input);
  }

  @Put(':id')
  update(@CurrentUser() auth: AuthUser, @Param('id', id) scheduleId: number, @Body(body) input: ScheduleInput) {
    return this.schedules.update(auth, scheduleId, input);
  }

  @Delete(':id')
  async remove(@CurrentUser() auth: AuthUser, @Param('id', id) scheduleId: number) {
    await this.schedules.remove(auth, scheduleId);
    return { message: 'Schedule deleted' };
  }

  @Post(':id/media-upload')
  async upload(@CurrentUser() auth: AuthUser, @Param('id', id) scheduleId: number, @Req() request: FastifyRequest) {
    const { files } = await readUpload(request, 'file', 1);
    if (!files.length) throw fileRequired('file');
    return this.schedules.attach(auth, scheduleId, files[0]);
  }

  @Delete(':id/media-upload')
  detach(@CurrentUser() auth: AuthUser, @Param('id', id) scheduleId: number) {
    return this.schedules.detach(auth, scheduleId);
  }
}
