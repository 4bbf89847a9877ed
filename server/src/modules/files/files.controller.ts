import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { FILE_LIST_MAX_FILES, fileListSchema, type FileListInput } from '@atendo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { readUpload } from '../media/attachment.js';
import { FilesService } from './files.service.js';

const id = new IdPipe('ERR_NOT_FOUND');
const body = new YupPipe(fileListSchema);

/** `companyId` of the existing clients' queries (the campaign form's picker) is ignored: the token decides. */
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.files.page(auth, query);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) fileListId: number) {
    return this.files.findOne(auth, fileListId);
  }

  @Post()
  @RequirePermission('files:manage')
  create(@CurrentUser() auth: AuthUser, @Body(body) input: FileListInput) {
    return this.files.create(auth, input);
  }

  @Put(':id')
  @RequirePermission('files:manage')
  update(@CurrentUser() auth: AuthUser, @Param('id', id) fileListId: number, @Body(body) input: FileListInput) {
    return this.files.update(auth, fileListId, input);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('files:manage')
  async remove(@CurrentUser() auth: AuthUser, @Param('id', id) fileListId: number) {
    await this.files.remove(auth, fileListId);
  }

  /**
   * Multipart: files under `files`, each followed by the `id` of its option (and `name`,
   * `mediaType`, `fileId`, `typeArch`, which the existing clients send too and the server does not
   * need: the option names the file, its bytes its type).
   */
  @Post('uploadList/:id')
  @RequirePermission('files:manage')
  async upload(@CurrentUser() auth: AuthUser, @Param('id', id) fileListId: number, @Req() request: FastifyRequest) {
    return this.files.upload(auth, fileListId, await readUpload(request, 'files', FILE_LIST_MAX_FILES));
  }

  /** An option's file, for the list's company only. */
  @Get(':id/options/:optionId/content')
  async content(
    @CurrentUser() auth: AuthUser,
    @Param('id', id) fileListId: number,
    @Param('optionId', id) optionId: number,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    await this.files.serveOption(auth, fileListId, optionId, request, reply);
  }
}
