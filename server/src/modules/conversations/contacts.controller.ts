import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import {
  contactSchema,
  CONTACT_UPLOAD_MAX_MIB,
  CONTACT_UPLOAD_MAX_ROWS,
  CONTACTS_CSV,
  INT_MAX,
  V,
} from '@atendo/shared';
import { stringify } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import * as yup from 'yup';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, RequirePermission } from '../../common/decorators.js';
import { DomainError } from '../../common/domain-error.js';
import { spreadsheetImports } from '../../common/import-slots.js';
import { fileRequired, readMultipart } from '../../common/multipart.js';
import { normaliseHeader, readSpreadsheetBatches, type SpreadsheetRow } from '../../common/spreadsheet.js';
import { IdPipe, YupPipe } from '../../common/validation.pipe.js';
import { ContactsService, type ContactInput } from './contacts.service.js';
import { contactListSchema, type ContactListQuery } from './query.schemas.js';

const id = new IdPipe('ERR_NO_CONTACT_FOUND');
const listQuery = new YupPipe(contactListSchema);

const importSchema = yup.object({
  whatsappId: yup.number().typeError(V.number).integer(V.integer).positive(V.integer).max(INT_MAX, V.max).optional(),
});

/**
 * A cell Excel (or another spreadsheet) would run as a formula — one starting with =, +, -, @, a
 * tab or a carriage return — is written with a leading apostrophe, which makes it plain text.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The rows of the JSON array the existing clients send (they read the sheet in the browser): each
 * object keyed by its column headers, numbered from 1 in the order sent; one batch.
 */
// Async like the spreadsheet reader it stands in for; the checks run on the first read.
async function* jsonRows(body: unknown): AsyncGenerator<SpreadsheetRow[]> {
  if (!Array.isArray(body)) {
    throw new DomainError('ERR_VALIDATION', { fields: [{ field: 'file', message: V.invalid }] });
  }
  if (body.length > CONTACT_UPLOAD_MAX_ROWS) {
    throw new DomainError('ERR_VALIDATION', {
      fields: [{ field: 'file', message: V.tooManyRows, params: { max: CONTACT_UPLOAD_MAX_ROWS } }],
    });
  }
  const rows: SpreadsheetRow[] = [];
  for (const [index, item] of body.entries()) {
    const values: Record<string, string> = {};
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
        const header = normaliseHeader(key);
        // Cells are text, numbers or booleans; anything else is no cell a sheet has.
        if (header && !(header in values) && ['string', 'number', 'boolean'].includes(typeof value)) {
          values[header] = String(value).trim();
        }
      }
    }
    rows.push({ row: index + 1, values });
  }
  yield rows;
}

@Controller('contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Get()
  list(@CurrentUser() auth: AuthUser, @Query(listQuery) query: ContactListQuery) {
    return this.contacts.list(auth, query);
  }

  /** The new-ticket dialog's contact search; `companyId` of the old clients is ignored (the token decides). */
  @Get('list')
  pick(@CurrentUser() auth: AuthUser, @Query(listQuery) query: { searchParam: string }) {
    return this.contacts.pick(auth, query.searchParam);
  }

  /**
   * The contacts the list shows with the same filters, as CSV (`;`, name;number;email, UTF-8 with
   * a byte-order mark so Excel reads accents), streamed as they are read.
   */
  @Get('export')
  export(
    @CurrentUser() auth: AuthUser,
    @Query(listQuery) query: ContactListQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): StreamableFile {
    const csv = stringify({
      delimiter: CONTACTS_CSV.separator,
      bom: true,
      header: true,
      columns: [...CONTACTS_CSV.columns],
      cast: { string: neutraliseFormula },
    });
    const rows = Readable.from(this.contacts.exportRows(auth, query));
    rows.on('error', (error) => csv.destroy(error));
    rows.pipe(csv);
    reply.header('cache-control', 'no-store');
    return new StreamableFile(csv, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${CONTACTS_CSV.fileName}"`,
    });
  }

  /**
   * A spreadsheet of contacts: a multipart .xlsx file (its bytes decide, not its name; up to
   * CONTACT_UPLOAD_MAX_MIB, CONTACT_UPLOAD_MAX_ROWS rows), or the JSON array of rows the existing
   * clients send. Admins and supervisors; in the node's import turns (see ImportSlots).
   */
  @Post('upload')
  @HttpCode(200)
  @RequirePermission('contacts:import')
  async upload(@CurrentUser() auth: AuthUser, @Req() request: FastifyRequest) {
    if (!request.isMultipart()) {
      return spreadsheetImports.run(() => this.contacts.upload(auth, jsonRows(request.body)));
    }
    const data = await readMultipart(request, 'file', async () => {
      const part = await request.file({
        limits: { fileSize: CONTACT_UPLOAD_MAX_MIB * 1024 * 1024, files: 1 },
        throwFileSizeLimit: false,
      });
      if (!part) return null;
      const bytes = await part.toBuffer();
      return { bytes, truncated: part.file.truncated };
    });
    if (!data?.bytes.length) throw fileRequired('file');
    if (data.truncated) {
      throw new DomainError('ERR_VALIDATION', {
        fields: [{ field: 'file', message: V.fileTooLarge, params: { max: CONTACT_UPLOAD_MAX_MIB } }],
      });
    }
    return spreadsheetImports.run(() =>
      this.contacts.upload(
        auth,
        readSpreadsheetBatches(data.bytes, { allowXls: false, maxRows: CONTACT_UPLOAD_MAX_ROWS }),
      ),
    );
  }

  /** The address book of a connected connection (`whatsappId`, else the company's default one). */
  @Post('import')
  @HttpCode(200)
  @RequirePermission('contacts:import')
  importFromConnection(
    @CurrentUser() auth: AuthUser,
    @Body(new YupPipe(importSchema)) body: { whatsappId?: number } = {},
  ) {
    return this.contacts.importFromConnection(auth, body.whatsappId);
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

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() auth: AuthUser, @Param('id', id) contactId: number): Promise<void> {
    await this.contacts.remove(auth, contactId);
  }
}
