import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { helpSchema, type HelpInput } from '@atendo/shared';
import { RequirePermission } from '../../common/decorators.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { HelpsService } from './helps.service.js';

const id = new IdPipe('ERR_NO_HELP_FOUND');
const body = new YupPipe(helpSchema);

/** Every signed-in user watches the help videos (spec §2 /helps: all); the super-admin writes them. */
@Controller('helps')
export class HelpsController {
  constructor(private readonly helps: HelpsService) {}

  @Get()
  page(@Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.helps.page(query);
  }

  @Get('list')
  list() {
    return this.helps.list();
  }

  @Get(':id')
  findOne(@Param('id', id) helpId: number) {
    return this.helps.findOne(helpId);
  }

  @Post()
  @RequirePermission('helps:manage')
  create(@Body(body) input: HelpInput) {
    return this.helps.create(input);
  }

  @Put(':id')
  @RequirePermission('helps:manage')
  update(@Param('id', id) helpId: number, @Body(body) input: HelpInput) {
    return this.helps.update(helpId, input);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('helps:manage')
  async remove(@Param('id', id) helpId: number) {
    await this.helps.remove(helpId);
  }
}
