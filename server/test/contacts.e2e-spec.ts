import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { spreadsheetImports } from '../src/common/import-slots.js';
import { DataSource } from 'typeorm';
import { ContactEntity } from '../src/modules/conversations/entities/contact.entity.js';
import { nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

const ENV = { SANDBOX: 'true', SANDBOX_ACK_INTERVAL_MS: '20' };
let t: TestApp;
let co: Awaited<ReturnType<typeof signupCompany>>;
let agent: { token: string };

beforeAll(async () => {
  t = await startTestApp(ENV);
  co = await signupCompany(t, 'Agenda');
  const res = await t.request('POST', '/users', {
    token: co.token,
    body: { name: 'Agent', email: 'agent@agenda.test', password: 'agent-pass', queueIds: [] },
  });
  expect(res.status).toBe(201);
  agent = await t.login('agent@agenda.test', 'agent-pass');
}, 60_000);
afterAll(() => t.close());

const create = (body: Record<string, unknown>, token = co.token) => t.request('POST', '/contacts', { token, body });

async function xlsx(table: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  for (const line of table) sheet.addRow(line);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(data: Buffer, filename = 'contatos.xlsx') {
  const boundary = '----atendo-contacts';
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (data: Buffer, token = co.token, filename?: string) =>
  t.request('POST', '/contacts/upload', { token, ...multipart(data, filename) });

/** A sandbox connection of the company, connected, with `book` as its phone's address book. */
async function sandboxLine(company: { token: string }, book: { number: string; name?: string }[] | null) {
  const line = (
    await t.request('POST', '/whatsapp', { token: company.token, body: { name: 'Fone', provider: 'sandbox' } })
  ).body as { id: number };
  expect((await t.request('POST', `/whatsappsession/${line.id}`, { token: company.token })).status).toBe(200);
  if (book === null) return line.id;
  expect(
    (await t.request('POST', `/sandbox/connections/${line.id}/scan`, { token: company.token, body: {} })).status,
  ).toBe(200);
  const set = await t.request('PUT', `/sandbox/connections/${line.id}/address-book`, {
    token: company.token,
    body: { contacts: book },
  });
  expect(set.status).toBe(200);
  return line.id;
}

describe('contacts', () => {
  it('stores every number in one form, one contact per person whichever form is typed', async () => {
    const socket = t.socket(co.token);
    await nextEvent(socket, 'ready');
    const heard = nextEvent(socket, `company-${co.companyId}-contact`);
    const ana = await create({ name: 'Ana Lima', number: '(11) 8765-4321', email: 'ana@example.com' });
    expect(ana).toMatchObject({ status: 201, body: { number: '5511987654321', isGroup: false } });
    expect(await heard).toEqual({ action: 'create', contact: ana.body });

    for (const number of ['+55 11 98765-4321', '5511987654321', '551187654321']) {
      expect(await create({ name: 'Ana again', number })).toMatchObject({
        status: 409,
        body: { error: 'ERR_DUPLICATED_CONTACT' },
      });
    }
    expect(await create({ name: 'Nobody', number: '1234-5678' })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'number', message: 'validation.phone' }] },
    });
    expect((await create({ name: 'Portugal', number: '+351 912 345 678' })).body.number).toBe('351912345678');

    // Saving the form unchanged keeps the number; another person's number is refused.
    const edited = await t.request('PUT', `/contacts/${ana.body.id}`, {
      token: co.token,
      body: { name: 'Ana L.', number: '+55 (11) 98765-4321', email: 'ana@example.com' },
    });
    expect(edited.body).toMatchObject({ name: 'Ana L.', number: '5511987654321' });
    expect(
      await t.request('PUT', `/contacts/${ana.body.id}`, {
        token: co.token,
        body: { name: 'Ana L.', number: '351912345678' },
      }),
    ).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });
    expect((await t.request('GET', `/contacts/${ana.body.id}`, { token: agent.token })).body).toMatchObject({
      name: 'Ana L.',
    });
  });

  it('pages and searches by name, number (as typed) and e-mail, and filters by day of creation', async () => {
    const company = await signupCompany(t, 'Paging');
    for (let i = 0; i < 23; i++) {
      const number = `55219${String(87650000 + i)}`;
      expect((await create({ name: `Pessoa ${String(i).padStart(2, '0')}`, number }, company.token)).status).toBe(201);
    }
    const first = await t.request('GET', '/contacts?pageNumber=1&companyId=999', { token: company.token });
    expect(first.body).toMatchObject({ count: 23, hasMore: true });
    expect(first.body.contacts).toHaveLength(20);
    const second = await t.request('GET', '/contacts?pageNumber=2', { token: company.token });
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Pessoa 20', 'Pessoa 21', 'Pessoa 22']);

    const search = async (text: string) =>
      (
        await t.request('GET', `/contacts?searchParam=${encodeURIComponent(text)}`, { token: company.token })
      ).body.contacts.map((c: { name: string }) => c.name);
    expect(await search('pessoa 07')).toEqual(['Pessoa 07']);
    expect(await search('(21) 98765-0012')).toEqual(['Pessoa 12']);
    await create({ name: 'Com email', number: '5521955554444', email: 'Maria@Example.com' }, company.token);
    expect(await search('maria@')).toEqual(['Com email']);
    const pick = await t.request('GET', '/contacts/list?searchParam=pessoa 1&companyId=999', { token: company.token });
    expect(pick.body).toHaveLength(10);

    // Creation days, in the server's calendar.
    const db = t.app.get(DataSource);
    const named = (name: string) =>
      db.getRepository(ContactEntity).findOneByOrFail({ companyId: company.companyId, name });
    const at = (day: string) => new Date(`${day}T12:00:00`);
    await db
      .getRepository(ContactEntity)
      .update({ id: (await named('Pessoa 00')).id }, { createdAt: at('2020-03-01') });
    await db
      .getRepository(ContactEntity)
      .update({ id: (await named('Pessoa 01')).id }, { createdAt: at('2020-03-02') });
    await db
      .getRepository(ContactEntity)
      .update({ id: (await named('Pessoa 02')).id }, { createdAt: at('2020-03-04') });
    const names = async (query: string) =>
      (await t.request('GET', `/contacts?${query}`, { token: company.token })).body.contacts.map(
        (c: { name: string }) => c.name,
      );
    expect(await names('date=2020-03-02')).toEqual(['Pessoa 01']);
    expect(await names('dateStart=2020-03-01&dateEnd=2020-03-02')).toEqual(['Pessoa 00', 'Pessoa 01']);
    expect(await names('dateEnd=2020-03-03')).toEqual(['Pessoa 00', 'Pessoa 01']);
    expect(await names('dateStart=2020-03-03&dateEnd=2020-03-31&searchParam=pessoa')).toEqual(['Pessoa 02']);
    expect(
      await t.request('GET', '/contacts?dateStart=2020-03-05&dateEnd=2020-03-01', { token: company.token }),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'dateEnd', message: 'validation.dateOrder' }] } });
    expect(await t.request('GET', '/contacts?date=2020-02-30', { token: company.token })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'date', message: 'validation.date' }] },
    });
  });

  it("answers 404 for another company's contact on every route", async () => {
    const mine = await create({ name: 'Mine', number: '5511966660001' });
    const other = await signupCompany(t, 'Elsewhere');
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Taken', number: '5511966660001' }],
      ['DELETE', undefined],
    ] as const) {
      expect(await t.request(method, `/contacts/${mine.body.id}`, { token: other.token, body })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_CONTACT_FOUND' },
      });
    }
    // The same number is free in another company.
    expect((await create({ name: 'Theirs', number: '5511966660001' }, other.token)).status).toBe(201);
  });

  it('deletes by the rule, keeps the history of a contact with tickets, and refuses one in a live ticket', async () => {
    const company = await signupCompany(t, 'Removal');
    const lineId = await sandboxLine(company, []);
    const lonely = await create({ name: 'Sem tickets', number: '5511977770001' }, company.token);
    // An agent may not: 400 on the contact, not a 403 that would sign the existing clients out.
    const user = await t.request('POST', '/users', {
      token: company.token,
      body: { name: 'Agente', email: 'agente@removal.test', password: 'agent-pass', queueIds: [] },
    });
    expect(user.status).toBe(201);
    const seller = await t.login('agente@removal.test', 'agent-pass');
    expect(await t.request('DELETE', `/contacts/${lonely.body.id}`, { token: seller.token })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'contact', message: 'validation.notAllowed' }] },
    });

    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');
    const gone = nextEvent(socket, `company-${company.companyId}-contact`);
    expect((await t.request('DELETE', `/contacts/${lonely.body.id}`, { token: company.token })).status).toBe(204);
    expect(await gone).toEqual({ action: 'delete', contactId: lonely.body.id });
    const db = t.app.get(DataSource);
    expect(await db.getRepository(ContactEntity).existsBy({ id: lonely.body.id })).toBe(false);

    // A customer in a live conversation.
    const sent = await t.request('POST', `/sandbox/connections/${lineId}/messages`, {
      token: company.token,
      body: { from: '5511977770002', name: 'Cliente', body: 'Olá' },
    });
    expect(sent.status).toBe(201);
    const ticket = (await t.request('GET', '/tickets?status=pending&showAll=true', { token: company.token })).body
      .tickets[0];
    const refused = await t.request('DELETE', `/contacts/${ticket.contact.id}`, { token: company.token });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: 'ERR_OTHER_OPEN_TICKET', ticket: { id: ticket.id, uuid: ticket.uuid, status: 'pending' } },
    });

    // Resolved: the contact goes, the ticket and its messages stay under its name.
    await t.request('PUT', `/tickets/${ticket.id}`, { token: company.token, body: { status: 'closed' } });
    expect((await t.request('DELETE', `/contacts/${ticket.contact.id}`, { token: company.token })).status).toBe(204);
    const kept = await t.request('GET', `/tickets/${ticket.id}`, { token: company.token });
    expect(kept.body.contact).toMatchObject({ id: ticket.contact.id, name: 'Cliente', email: '' });
    expect(kept.body.contact.number).toBe('');
    const messages = await t.request('GET', `/messages/${ticket.id}`, { token: company.token });
    expect(messages.body.messages.map((m: { body: string }) => m.body)).toContain('Olá');
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await t.request(method, `/contacts/${ticket.contact.id}`, { token: company.token })).status).toBe(404);
    }
    const list = await t.request('GET', '/contacts?searchParam=cliente', { token: company.token });
    expect(list.body).toMatchObject({ count: 0, contacts: [] });
    expect(
      await t.request('POST', '/tickets', {
        token: company.token,
        body: { contactId: ticket.contact.id, status: 'open' },
      }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });

    // The person writing again is a new contact with a new ticket; the number is free again.
    await t.request('POST', `/sandbox/connections/${lineId}/messages`, {
      token: company.token,
      body: { from: '5511977770002', name: 'Cliente', body: 'Voltei' },
    });
    const again = await t.request('GET', '/contacts?searchParam=5511977770002', { token: company.token });
    expect(again.body.contacts).toHaveLength(1);
    expect(again.body.contacts[0].id).not.toBe(ticket.contact.id);
  });

  it('imports the JSON rows the existing clients send, answering newContacts and errorBag', async () => {
    const company = await signupCompany(t, 'Rows');
    await create({ name: 'Existing', number: '5511955550010' }, company.token);
    const rows = [
      { name: 'Bruno', number: 5511955550011, email: 'bruno@example.com' },
      { Nome: 'Carla', Número: '(11) 95555-0012' },
      { name: 'Sem número' },
      { name: 'Número ruim', number: '12' },
      { name: 'Repetido', number: '11955550011' },
      { name: 'Já existe', number: '+55 11 95555-0010' },
      { name: 'Email ruim', number: '5511955550013', email: 'not-an-email' },
      'not a row',
    ];
    const res = await t.request('POST', '/contacts/upload', { token: company.token, body: rows });
    expect(res.status).toBe(200);
    expect(res.body.newContacts).toEqual([
      { contactId: expect.any(Number), contactName: 'Bruno' },
      { contactId: expect.any(Number), contactName: 'Carla' },
    ]);
    expect(res.body.errorBag).toEqual([
      { row: 3, contactName: 'Sem número', number: '', error: { field: 'number', message: 'validation.required' } },
      { row: 4, contactName: 'Número ruim', number: '12', error: { field: 'number', message: 'validation.phone' } },
      {
        row: 5,
        contactName: 'Repetido',
        number: '11955550011',
        error: { field: 'number', message: 'validation.duplicateInFile', params: { row: 1 } },
      },
      {
        row: 6,
        contactName: 'Já existe',
        number: '+55 11 95555-0010',
        error: { field: 'number', message: 'ERR_DUPLICATED_CONTACT' },
      },
      {
        row: 7,
        contactName: 'Email ruim',
        number: '5511955550013',
        error: { field: 'email', message: 'validation.email' },
      },
      { row: 8, contactName: '', number: '', error: { field: 'number', message: 'validation.required' } },
    ]);
    const carla = await t.request('GET', `/contacts/${res.body.newContacts[1].contactId}`, { token: company.token });
    expect(carla.body).toMatchObject({ name: 'Carla', number: '5511955550012' });

    expect(await t.request('POST', '/contacts/upload', { token: company.token, body: { rows } })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'file', message: 'validation.invalid' }] },
    });
    expect(
      await t.request('POST', '/contacts/upload', { token: company.token, body: Array(100_001).fill({}) }),
    ).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'file', message: 'validation.tooManyRows', params: { max: 100_000 } }] },
    });
  });

  it('imports an .xlsx file with an exact report per row, announcing the new contacts', async () => {
    const company = await signupCompany(t, 'Sheet');
    await create({ name: 'Já cadastrado', number: '5531987650001' }, company.token);
    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');
    const created = nextEvent(socket, `company-${company.companyId}-contact`);
    const data = await xlsx([
      ['Nome', 'Telefone', 'E-mail'],
      ['Diana', '(31) 98765-0002', 'diana@example.com'],
      ['Eduardo', 553187650003, ''],
      ['', '(31) 8765-0004', ''],
      ['Ruim', 'abc', ''],
      ['Duplicada', '+55 31 98765-0002', ''],
      ['Antigo', '553187650001', ''],
    ]);
    const res = await upload(data, company.token);
    expect(res.status).toBe(200);
    expect(res.body.newContacts.map((c: { contactName: string }) => c.contactName)).toEqual([
      'Diana',
      'Eduardo',
      '5531987650004',
    ]);
    expect(res.body.errorBag).toEqual([
      { row: 5, contactName: 'Ruim', number: 'abc', error: { field: 'number', message: 'validation.phone' } },
      {
        row: 6,
        contactName: 'Duplicada',
        number: '+55 31 98765-0002',
        error: { field: 'number', message: 'validation.duplicateInFile', params: { row: 2 } },
      },
      {
        row: 7,
        contactName: 'Antigo',
        number: '553187650001',
        error: { field: 'number', message: 'ERR_DUPLICATED_CONTACT' },
      },
    ]);
    expect(await created).toMatchObject({ action: 'create', contact: { companyId: company.companyId } });
  });

  it('refuses a file that is not a spreadsheet, too large or empty, with the reason', async () => {
    const notSheet = await upload(Buffer.from('name;number\nAna;5511987654321\n'), co.token, 'contatos.xlsx');
    expect(notSheet).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'file', message: 'validation.notSpreadsheet' }] },
    });
    const corrupt = (await xlsx([['name'], ['Ana']])).subarray(0, 300);
    expect(await upload(corrupt)).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'file', message: 'validation.notSpreadsheet' }] },
    });
    const huge = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(20 * 1024 * 1024)]);
    expect(await upload(huge)).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'file', message: 'validation.fileTooLarge', params: { max: 20 } }] },
    });
    expect(await upload(Buffer.alloc(0))).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'file', message: 'validation.required' }] },
    });
  });

  it('lets admins and supervisors import contacts, not agents (403)', async () => {
    const company = await signupCompany(t, 'Who imports');
    const users = { supervisor: 'supervisor@imports.test', user: 'agent@imports.test' };
    for (const [profile, email] of Object.entries(users)) {
      const made = await t.request('POST', '/users', {
        token: company.token,
        body: { name: profile, email, password: 'import-pass', profile, queueIds: [] },
      });
      expect(made.status).toBe(201);
    }
    const supervisor = await t.login(users.supervisor, 'import-pass');
    const seller = await t.login(users.user, 'import-pass');
    const sheet = await xlsx([
      ['nome', 'numero'],
      ['Gabi', '5531987650101'],
    ]);
    for (const refused of [
      await upload(sheet, seller.token),
      await t.request('POST', '/contacts/upload', { token: seller.token, body: [{ nome: 'Gabi', numero: '553187' }] }),
      await t.request('POST', '/contacts/import', { token: seller.token, body: {} }),
    ]) {
      expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
    expect((await t.request('GET', '/contacts', { token: company.token })).body.count).toBe(0);
    const taken = await upload(sheet, supervisor.token);
    expect(taken.status).toBe(200);
    expect(taken.body.newContacts).toHaveLength(1);
  });

  /** A workbook of one contact whose zip `change` then makes hostile, packed as tightly as it goes. */
  async function hostile(change: (zip: JSZip) => Promise<void> | void): Promise<Buffer> {
    const zip = await JSZip.loadAsync(
      await xlsx([
        ['nome', 'numero'],
        ['Ana', '5531987650201'],
      ]),
    );
    await change(zip);
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
  }

  const sheetPath = 'xl/worksheets/sheet1.xml';

  it.each([
    [
      'a sheet nesting a million elements',
      'validation.spreadsheetTooDeep',
      64,
      3_000,
      () =>
        hostile(async (zip) => {
          const xml = await zip.file(sheetPath)!.async('string');
          zip.file(sheetPath, xml.replace('<sheetData>', `<sheetData>${'<a>'.repeat(1e6)}${'</a>'.repeat(1e6)}`));
        }),
    ],
    [
      'an archive of 20,000 entries',
      'validation.spreadsheetTooManyEntries',
      1000,
      3_000,
      () =>
        hostile((zip) => {
          for (let i = 0; i < 20_000; i++) zip.file(`xl/media/x${i}.xml`, '', { createFolders: false });
        }),
    ],
    [
      'a zip bomb (its directory declares a sheet of 4 GB)',
      'validation.spreadsheetTooLarge',
      300,
      3_000,
      async () => {
        const bomb = await hostile((zip) => {
          zip.file(sheetPath, Buffer.alloc(1_000_000, 0x20));
        });
        // The sheet's central directory record (PK\x01\x02 … its name) holds its unpacked size at 24.
        const record = bomb.lastIndexOf(Buffer.from(sheetPath)) - 46;
        bomb.writeUInt32LE(0xfffffff0, record + 24);
        return bomb;
      },
    ],
    [
      'a sheet of a million rows',
      'validation.tooManyRows',
      100_000,
      // The 100,000 rows allowed are read and checked; the 900,000 after them are not.
      20_000,
      () =>
        hostile(async (zip) => {
          const xml = await zip.file(sheetPath)!.async('string');
          const rows = Array.from(
            { length: 1e6 },
            (_, i) => `<row r="${i + 3}"><c r="A${i + 3}"><v>1</v></c></row>`,
          ).join('');
          zip.file(sheetPath, xml.replace('</sheetData>', `${rows}</sheetData>`));
        }),
    ],
  ])(
    'refuses %s at once, naming the limit, adding nothing',
    async (_name, message, max, within, build) => {
      const company = await signupCompany(t, 'Hostile');
      const data = await build();
      // Well within the 20 MiB an upload may be.
      expect(data.length).toBeLessThan(5_000_000);
      const started = Date.now();
      const res = await upload(data, company.token);
      const took = Date.now() - started;
      expect(res).toMatchObject({ status: 400, body: { fields: [{ field: 'file', message, params: { max } }] } });
      expect(took).toBeLessThan(within);
      expect((await t.request('GET', '/contacts', { token: company.token })).body.count).toBe(0);
    },
    60_000,
  );

  it('runs two imports at once on a node; a few more wait their turn, the rest are answered 429', async () => {
    const company = await signupCompany(t, 'Turns');
    // The node's two turns taken, as by two long imports.
    const held = [await spreadsheetImports.acquire(), await spreadsheetImports.acquire()];
    try {
      const sheets = await Promise.all(
        [0, 1, 2, 3, 4].map((i) =>
          xlsx([
            ['nome', 'numero'],
            [`Turn ${i}`, `553198765030${i}`],
          ]),
        ),
      );
      const waiting = sheets.slice(0, 4).map((sheet) => upload(sheet, company.token));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const refused = await upload(sheets[4]!, company.token);
      expect(refused).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Nothing ran while the turns were held.
      expect((await t.request('GET', '/contacts', { token: company.token })).body.count).toBe(0);
      for (const release of held.splice(0)) release();
      for (const res of await Promise.all(waiting)) expect(res.status).toBe(200);
      expect((await t.request('GET', '/contacts', { token: company.token })).body.count).toBe(4);
    } finally {
      for (const release of held) release();
    }
  });

  it('exports the contacts as CSV: semicolons, accents, formulas neutralised, removed ones left out', async () => {
    const company = await signupCompany(t, 'Export');
    await create({ name: 'João Ávila', number: '5511944440001', email: 'joao@example.com' }, company.token);
    await create({ name: '=cmd|calc', number: '5511944440002' }, company.token);
    await create({ name: '@Zé; "aspas"', number: '5511944440003', email: 'ze@example.com' }, company.token);
    const gone = await create({ name: 'Removido', number: '5511944440004' }, company.token);
    await t.request('DELETE', `/contacts/${gone.body.id}`, { token: company.token });

    const res = await t.request('GET', '/contacts/export', { token: company.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contatos.csv"');
    const [header, ...lines] = (res.body as string).split('\n');
    expect(header).toBe('\ufeffname;number;email');
    // The order is the list's (by name), which the database's collation decides for symbols.
    expect(lines.sort()).toEqual([
      '',
      '"\'@Zé; ""aspas""";5511944440003;ze@example.com',
      "'=cmd|calc;5511944440002;",
      'João Ávila;5511944440001;joao@example.com',
    ]);
    const filtered = await t.request('GET', '/contacts/export?searchParam=joao', { token: company.token });
    expect(filtered.body).toBe('\ufeffname;number;email\nJoão Ávila;5511944440001;joao@example.com\n');
    expect((await t.request('GET', '/contacts/export', { token: co.token })).body).not.toContain('João');
  });

  it("imports a connected connection's address book, and refuses one that is not connected", async () => {
    const company = await signupCompany(t, 'Book');
    await create({ name: 'Já tenho', number: '5541987650001' }, company.token);
    const lineId = await sandboxLine(company, [
      { number: '554187650001', name: 'Mesma pessoa, forma antiga' },
      { number: '5541987650002', name: 'Fernanda' },
      { number: '14155552671', name: '' },
      { number: '5541987650002', name: 'Fernanda de novo' },
    ]);
    const res = await t.request('POST', '/contacts/import', { token: company.token, body: { whatsappId: lineId } });
    expect(res).toMatchObject({ status: 200, body: { found: 2 + 1, created: 2, existing: 1 } });
    const names = (await t.request('GET', '/contacts', { token: company.token })).body.contacts.map(
      (c: { name: string; number: string }) => [c.name, c.number],
    );
    expect(names).toEqual([
      ['14155552671', '14155552671'],
      ['Fernanda de novo', '5541987650002'],
      ['Já tenho', '5541987650001'],
    ]);
    // Without a whatsappId: the default connection (the company's first); again, nothing new.
    expect(await t.request('POST', '/contacts/import', { token: company.token })).toMatchObject({
      status: 200,
      body: { created: 0, existing: 3 },
    });

    const waiting = await sandboxLine(company, null);
    expect(
      await t.request('POST', '/contacts/import', { token: company.token, body: { whatsappId: waiting } }),
    ).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });
    const other = await signupCompany(t, 'NoBook');
    expect(
      await t.request('POST', '/contacts/import', { token: other.token, body: { whatsappId: lineId } }),
    ).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await t.request('POST', '/contacts/import', { token: other.token, body: {} })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_DEF_WAPP_FOUND' },
    });
  });

  it('finds the contact of a message from either form of a Brazilian mobile, and keeps the form WhatsApp uses', async () => {
    const company = await signupCompany(t, 'Forms');
    const lineId = await sandboxLine(company, []);
    const typed = await create({ name: 'Gabriela', number: '(31) 9 8765-1111' }, company.token);
    expect(typed.body.number).toBe('5531987651111');
    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');
    const renumbered = nextEvent(socket, `company-${company.companyId}-contact`);
    await t.request('POST', `/sandbox/connections/${lineId}/messages`, {
      token: company.token,
      body: { from: '553187651111', name: 'Gabi', body: 'Oi' },
    });
    expect(await renumbered).toMatchObject({
      action: 'update',
      contact: { id: typed.body.id, number: '553187651111' },
    });
    const ticket = (await t.request('GET', '/tickets?status=pending&showAll=true', { token: company.token })).body
      .tickets[0];
    expect(ticket.contact).toMatchObject({ id: typed.body.id, name: 'Gabriela', number: '553187651111' });
    expect((await t.request('GET', '/contacts', { token: company.token })).body.count).toBe(1);
    // The other form typed again is still the same person.
    expect(await create({ name: 'Gabi 2', number: '5531987651111' }, company.token)).toMatchObject({
      status: 409,
    });
    // The next message, in the same form, is the same ticket and changes the contact no more.
    const quiet = receives(socket, `company-${company.companyId}-contact`, 500);
    await t.request('POST', `/sandbox/connections/${lineId}/messages`, {
      token: company.token,
      body: { from: '553187651111', name: 'Gabi', body: 'Tudo bem?' },
    });
    expect(await quiet).toBe(false);
    const tickets = (await t.request('GET', '/tickets?status=pending&showAll=true', { token: company.token })).body;
    expect(tickets.tickets.map((x: { id: number }) => x.id)).toEqual([ticket.id]);
  });
});
