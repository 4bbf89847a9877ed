import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  CONTACT_LIST_IMPORT_MAX_BYTES,
  contactListAddContactsSchema,
  contactListItemSchema,
  contactListSchema,
  requiredIdSchema,
  type ContactListAddContactsInput,
  type ContactListInput,
  type ContactListItemInput,
} from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission, RequirePlan } from '../../common/decorators.js';
import { spreadsheetImports } from '../../common/import-slots.js';
import { fileRequired, readMultipart } from '../../common/multipart.js';
import { listQuerySchema, type ListQuery } from '../../common/pagination.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { ContactListItemsService, type ContactListItemsQuery } from './contact-list-items.service.js';
import { ContactListsService } from './contact-lists.service.js';

const listId = new IdPipe('ERR_NO_CONTACT_LIST_FOUND');
const itemId = new IdPipe('ERR_NO_CONTACT_LIST_ITEM_FOUND');
const listBody = new YupPipe(contactListSchema);
const itemBody = new YupPipe(contactListItemSchema);
const addContactsBody = new YupPipe(contactListAddContactsSchema);
const itemsQuery = new YupPipe(listQuerySchema.shape({ contactListId: requiredIdSchema }));

/**
 * Contact lists belong to the campaigns area (spec 1 §2): for admins of companies whose plan has
 * campaigns, here as much as in the menu.
 */
@Controller('contact-lists')
@RequirePermission('campaigns:manage')
@RequirePlan('useCampaigns')
export class ContactListsController {
  constructor(
    private readonly lists: ContactListsService,
    private readonly items: ContactListItemsService,
  ) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(new YupPipe(listQuerySchema)) query: ListQuery) {
    return this.lists.page(auth, query);
  }

  @Get('list')
  list(@CurrentUser() auth: AuthUser) {
    return this.lists.all(auth);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', listId) id: number) {
    return this.lists.findOne(auth, id);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(listBody) body: ContactListInput) {
    return this.lists.create(auth, body);
  }

  @Put(':id')
  update(@CurrentUser() auth: AuthUser, @Param('id', listId) id: number, @Body(listBody) body: ContactListInput) {
    return this.lists.update(auth, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() auth: AuthUser, @Param('id', listId) id: number) {
    await this.lists.remove(auth, id);
  }

  /** The company's contacts, by id or by a tag on their tickets, copied into the list. */
  @Post(':id/contacts')
  @HttpCode(200)
  addContacts(
    @CurrentUser() auth: AuthUser,
    @Param('id', listId) id: number,
    @Body(addContactsBody) body: ContactListAddContactsInput,
  ) {
    return this.items.addContacts(auth, id, body);
  }

  /** Multipart with one .xls or .xlsx file (any field name; the existing clients send `file`). */
  @Post(':id/upload')
  @HttpCode(200)
  async upload(@CurrentUser() auth: AuthUser, @Param('id', listId) id: number, @Req() request: FastifyRequest) {
    const data = await readMultipart(request, 'file', async () => {
      const part = await request.file({ limits: { fileSize: CONTACT_LIST_IMPORT_MAX_BYTES, files: 1 } });
      return part ? part.toBuffer() : null;
    });
    if (!data?.length) throw fileRequired('file');
    return spreadsheetImports.run(() => this.items.importSheet(auth, id, data));
  }
}

@Controller('contact-list-items')
@RequirePermission('campaigns:manage')
@RequirePlan('useCampaigns')
export class ContactListItemsController {
  constructor(private readonly items: ContactListItemsService) {}

  @Get()
  page(@CurrentUser() auth: AuthUser, @Query(itemsQuery) query: ContactListItemsQuery) {
    return this.items.page(auth, query);
  }

  @Get(':id')
  findOne(@CurrentUser() auth: AuthUser, @Param('id', itemId) id: number) {
    return this.items.findOne(auth, id);
  }

  @Post()
  create(@CurrentUser() auth: AuthUser, @Body(itemBody) body: ContactListItemInput) {
    return this.items.create(auth, body);
  }

  @Put(':id')
  update(@CurrentUser() auth: AuthUser, @Param('id', itemId) id: number, @Body(itemBody) body: ContactListItemInput) {
    return this.items.update(auth, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() auth: AuthUser, @Param('id', itemId) id: number) {
    await this.items.remove(auth, id);
  }
}
