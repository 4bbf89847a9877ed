import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { contactSchema } from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser } from '../../common/decorators.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { ContactsService, type ContactInput } from './contacts.service.js';
import { contactListSchema } from './query.schemas.js';

const id = new IdPipe('ERR_NO_CONTACT_FOUND');
const listQuery = new YupPipe(contactListSchema);

@Controller('contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Get()
  list(@CurrentUser() auth: AuthUser, @Query(listQuery) query: { searchParam: string; pageNumber: number }) {
    return this.contacts.list(auth, query);
  }

  /** The new-ticket dialog's contact search; `companyId` of the old clients is ignored (the token decides). */
  @Get('list')
  pick(@CurrentUser() auth: AuthUser, @Query(listQuery) query: { searchParam: string }) {
    return this.contacts.pick(auth, query.searchParam);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', id) contactId: number) {
    return this.contacts.findOne(auth, contactId);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(new YupPipe(contactSchema)) body: ContactInput) {
    return this.contacts.create(auth, body);
  }

  @Put(':id')
  update(
    @CurrentUser() auth: AuthUser,
    @Param('id', id) contactId: number,
    @Body(new YupPipe(contactSchema)) body: ContactInput,
  ) {
    return this.contacts.update(auth, contactId, body);
  }
}
