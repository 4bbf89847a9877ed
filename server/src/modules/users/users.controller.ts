import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  LANGUAGES,
  userCreateSchema,
  userUpdateSchema,
  type Language,
  type UserCreateInput,
  type UserUpdateInput,
} from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { DomainError } from '../../common/domain-error.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { UsersService } from './users.service.js';

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** Managers get the users; everyone else (the transfer dialog) their ids and names. */
  @Get()
  list(@CurrentUser() auth: AuthUser, @Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.users.list(auth, query);
  }

  @Get('list')
  listAll(@CurrentUser() auth: AuthUser) {
    return this.users.listAll(auth);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', new IdPipe('ERR_NO_USER_FOUND')) id: number) {
    return this.users.findOne(auth, id);
  }

  @Post()
  @RequirePermission('users:manage')
  create(@CurrentUser() auth: AuthUser, @Body(new YupPipe(userCreateSchema)) body: UserCreateInput) {
    return this.users.create(auth, body);
  }

  @Put(':id')
  update(
    @CurrentUser() auth: AuthUser,
    @Param('id', new IdPipe('ERR_NO_USER_FOUND')) id: number,
    @Body(new YupPipe(userUpdateSchema)) body: UserUpdateInput,
  ) {
    return this.users.update(auth, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('users:manage')
  async remove(@CurrentUser() auth: AuthUser, @Param('id', new IdPipe('ERR_NO_USER_FOUND')) id: number) {
    await this.users.remove(auth, id);
  }

  @Post('set-language/:lang')
  setLanguage(@CurrentUser() auth: AuthUser, @Param('lang') lang: string) {
    if (!(LANGUAGES as readonly string[]).includes(lang)) {
      throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'lang', message: 'validation.oneOf' }] });
    }
    return this.users.setLanguage(auth, lang as Language);
  }
}
