import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { ContactChecksJob } from '../src/modules/contact-lists/contact-checks.job.js';
import { ContactListItemEntity } from '../src/modules/contact-lists/entities/contact-list-item.entity.js';
import type { OutboundPort } from '../src/modules/gateway/gateway.types.js';
import { addConnection, connected as ready, inbound, sinkOf } from './support/conversations.js';
import { ADMIN, nextEvent, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

/** Fast checks, so the tests watch the checker work without waiting a second per number. */
const INTERVAL_MS = 100;
let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ SANDBOX: 'true', CONTACT_CHECK_INTERVAL_MS: String(INTERVAL_MS) });
  superToken = (await t.login(ADMIN.email, ADMIN.password)).token;
}, 60_000);
afterAll(() => t.close());

type Company = Awaited<ReturnType<typeof signupCompany>>;

const call = (company: Company, method: string, url: string, body?: unknown) =>
  t.request(method, url, { token: company.token, body });

async function newList(company: Company, name = `Lista ${randomBytes(2).toString('hex')}`) {
  const res = await call(company, 'POST', '/contact-lists', { name });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; contactsCount: number };
}

async function newItem(company: Company, contactListId: number, body: Record<string, unknown>) {
  const res = await call(company, 'POST', '/contact-list-items', { contactListId, ...body });
  expect(res.status).toBe(201);
  return res.body as { id: number; number: string; isWhatsappValid: boolean | null };
}

/** A multipart body with one file under `file`, as the existing clients send it. */
function upload(company: Company, listId: number, filename: string, data: Buffer) {
  const boundary = '----atendo-contact-list';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.request('POST', `/contact-lists/${listId}/upload`, {
    token: company.token,
    body: payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function xls(rows: unknown[][]): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Contatos');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

/** Resolves with the first payload of `event` that `match` accepts. */
function eventWhere<T = any>(socket: Socket, event: string, match: (payload: T) => boolean, ms = 8000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event} within ${ms} ms`)), ms);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** A sandbox connection of the company, scanned (CONNECTED) unless `scan` is false. */
async function sandboxLine(company: Company, scan = true): Promise<number> {
  const line = await call(company, 'POST', '/whatsapp', { name: 'Linha', provider: 'sandbox', isDefault: true });
  expect(line.status).toBe(201);
  await call(company, 'POST', `/whatsappsession/${line.body.id}`);
  if (scan) await scanLine(company, line.body.id);
  return line.body.id;
}

async function scanLine(company: Company, id: number): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    const res = await call(company, 'POST', `/sandbox/connections/${id}/scan`, {});
    if (res.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`connection ${id} never showed its QR`);
}

const stored = (id: number) => t.app.get(DataSource).getRepository(ContactListItemEntity).findOneByOrFail({ id });

describe('contact lists', () => {
  it('creates, pages with the contacts count, searches, lists all, edits and deletes, telling the company', async () => {
    const company = await signupCompany(t, 'Listas');
    const socket = await ready(t.socket(company.token));
    const created = nextEvent(socket, `company-${company.companyId}-ContactList`);
    const vip = await newList(company, 'Clientes VIP');
    expect(vip).toEqual({ id: expect.any(Number), name: 'Clientes VIP', contactsCount: 0 });
    expect(await created).toEqual({ action: 'create', record: vip });

    for (let i = 0; i < 21; i++) await newList(company, `Bairro ${String(i).padStart(2, '0')}`);
    const counted = eventWhere(
      socket,
      `company-${company.companyId}-ContactList`,
      (p) => p.record?.contactsCount === 2,
    );
    await newItem(company, vip.id, { name: 'Ana', number: '11987654321' });
    await newItem(company, vip.id, { name: 'Bia', number: '' });
    expect((await counted).record).toEqual({ ...vip, contactsCount: 2 });

    const first = await call(company, 'GET', '/contact-lists?searchParam=&pageNumber=1');
    expect(first).toMatchObject({ status: 200, body: { count: 22, hasMore: true } });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0]).toEqual({ id: expect.any(Number), name: 'Bairro 00', contactsCount: 0 });
    const second = await call(company, 'GET', '/contact-lists?pageNumber=2');
    expect(second.body).toMatchObject({
      hasMore: false,
      records: [{ name: 'Bairro 20' }, { name: 'Clientes VIP', contactsCount: 2 }],
    });
    expect((await call(company, 'GET', '/contact-lists?searchParam=vip')).body).toMatchObject({
      count: 1,
      records: [{ id: vip.id, contactsCount: 2 }],
    });
    const all = await call(company, 'GET', '/contact-lists/list');
    expect(all.body).toHaveLength(22);
    expect(all.body.at(-1)).toEqual({ ...vip, contactsCount: 2 });
    expect((await call(company, 'GET', `/contact-lists/${vip.id}`)).body).toEqual({ ...vip, contactsCount: 2 });

    expect(await call(company, 'POST', '/contact-lists', { name: 'x' })).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        fields: [{ field: 'name', message: 'validation.tooShort', params: { min: 2 } }],
      },
    });
    expect((await call(company, 'POST', '/contact-lists', {})).body.fields).toEqual([
      { field: 'name', message: 'validation.required' },
    ]);

    const updated = nextEvent(socket, `company-${company.companyId}-ContactList`);
    const renamed = await call(company, 'PUT', `/contact-lists/${vip.id}`, { name: 'Clientes Ouro' });
    expect(renamed.body).toEqual({ id: vip.id, name: 'Clientes Ouro', contactsCount: 2 });
    expect(await updated).toEqual({ action: 'update', record: renamed.body });

    const deleted = nextEvent(socket, `company-${company.companyId}-ContactList`);
    expect((await call(company, 'DELETE', `/contact-lists/${vip.id}`)).status).toBe(204);
    expect(await deleted).toEqual({ action: 'delete', id: vip.id });
    expect(await call(company, 'GET', `/contact-lists/${vip.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_LIST_FOUND' },
    });
    // The items went with their list.
    expect(await t.app.get(DataSource).getRepository(ContactListItemEntity).countBy({ contactListId: vip.id })).toBe(0);
  });

  it('keeps items with a normalised number unique per list, pages and searches them, edits, moves and deletes', async () => {
    const company = await signupCompany(t, 'Itens');
    const socket = await ready(t.socket(company.token));
    const list = await newList(company);
    const other = await newList(company);

    const heard = nextEvent(socket, `company-${company.companyId}-ContactListItem`);
    const ana = await call(company, 'POST', '/contact-list-items', {
      contactListId: list.id,
      name: ' Ana Souza ',
      number: '(11) 8765-4321',
      email: 'ana@example.com',
    });
    // A Brazilian mobile written in its old 8-digit form is stored with its ninth digit.
    expect(ana).toMatchObject({
      status: 201,
      body: {
        id: expect.any(Number),
        companyId: company.companyId,
        contactListId: list.id,
        name: 'Ana Souza',
        number: '5511987654321',
        email: 'ana@example.com',
        isWhatsappValid: null,
      },
    });
    expect(await heard).toEqual({ action: 'create', record: ana.body });

    // Without a number there is nothing to check: not on WhatsApp.
    const bia = await newItem(company, list.id, { name: 'Bia' });
    expect(bia).toMatchObject({ number: '', isWhatsappValid: false });
    await newItem(company, list.id, { name: 'Caio', number: '' });

    const refused = async (body: Record<string, unknown>, field: string, message: string) =>
      expect(
        await call(company, 'POST', '/contact-list-items', { contactListId: list.id, name: 'Davi', ...body }),
      ).toMatchObject({
        status: 400,
        body: {
          error: 'ERR_VALIDATION',
          fields: expect.arrayContaining([expect.objectContaining({ field, message })]),
        },
      });
    await refused({ number: '+55 11 98765-4321' }, 'number', 'validation.taken');
    await refused({ number: '1234' }, 'number', 'validation.tooShort');
    await refused({ number: '00000000000' }, 'number', 'validation.phone');
    await refused({ number: '5'.repeat(51) }, 'number', 'validation.tooLong');
    await refused({ email: 'not-an-email' }, 'email', 'validation.email');
    await refused({ name: 'D' }, 'name', 'validation.tooShort');
    await refused({ contactListId: undefined }, 'contactListId', 'validation.required');
    // The same number on another list is another item.
    await newItem(company, other.id, { name: 'Ana', number: '5511987654321' });

    for (let i = 0; i < 19; i++) await newItem(company, list.id, { name: `Zé ${String(i).padStart(2, '0')}` });
    const page = await call(company, 'GET', `/contact-list-items?searchParam=&pageNumber=1&contactListId=${list.id}`);
    expect(page).toMatchObject({ status: 200, body: { count: 22, hasMore: true } });
    expect(page.body.contacts.slice(0, 3).map((c: { name: string }) => c.name)).toEqual(['Ana Souza', 'Bia', 'Caio']);
    expect(
      (await call(company, 'GET', `/contact-list-items?pageNumber=2&contactListId=${list.id}`)).body,
    ).toMatchObject({ hasMore: false, contacts: [{ name: 'Zé 17' }, { name: 'Zé 18' }] });
    for (const search of ['souza', '98765', 'example.com']) {
      expect(
        (await call(company, 'GET', `/contact-list-items?searchParam=${search}&contactListId=${list.id}`)).body,
      ).toMatchObject({ count: 1, contacts: [{ id: ana.body.id }] });
    }
    expect((await call(company, 'GET', '/contact-list-items')).body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'contactListId' }],
    });
    expect((await call(company, 'GET', `/contact-list-items/${ana.body.id}`)).body).toEqual(ana.body);

    // A new number waits for its check again; the same number keeps its answer.
    await t.app
      .get(DataSource)
      .getRepository(ContactListItemEntity)
      .update({ id: ana.body.id }, { isWhatsappValid: true });
    const same = await call(company, 'PUT', `/contact-list-items/${ana.body.id}`, {
      contactListId: list.id,
      name: 'Ana S.',
      number: '5511987654321',
    });
    expect(same.body).toMatchObject({ name: 'Ana S.', email: '', isWhatsappValid: true });
    const renumbered = await call(company, 'PUT', `/contact-list-items/${ana.body.id}`, {
      contactListId: list.id,
      name: 'Ana S.',
      number: '11 91234-5678',
    });
    expect(renumbered.body).toMatchObject({ number: '5511912345678', isWhatsappValid: null });
    expect(
      await call(company, 'PUT', `/contact-list-items/${bia.id}`, {
        contactListId: list.id,
        name: 'Bia',
        number: '11912345678',
      }),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'number', message: 'validation.taken' }] } });

    // Moved to the other list: both counts follow.
    const counts = new Map<number, number>();
    socket.on(`company-${company.companyId}-ContactList`, (p) => counts.set(p.record.id, p.record.contactsCount));
    const moved = await call(company, 'PUT', `/contact-list-items/${bia.id}`, { contactListId: other.id, name: 'Bia' });
    expect(moved.body).toMatchObject({ contactListId: other.id });
    await eventually(() => expect(Object.fromEntries(counts)).toEqual({ [list.id]: 21, [other.id]: 2 }));

    const gone = eventWhere(socket, `company-${company.companyId}-ContactListItem`, (p) => p.action === 'delete');
    expect((await call(company, 'DELETE', `/contact-list-items/${bia.id}`)).status).toBe(204);
    expect(await gone).toEqual({ action: 'delete', id: bia.id, contactListId: other.id });
    expect(await call(company, 'GET', `/contact-list-items/${bia.id}`)).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_CONTACT_LIST_ITEM_FOUND' },
    });
  });

  it("answers another company's lists and items as missing, whatever the route", async () => {
    const owner = await signupCompany(t, 'Dona');
    const list = await newList(owner);
    const item = await newItem(owner, list.id, { name: 'Secreta', number: '5511955550000' });
    const intruder = await signupCompany(t, 'Intrusa');
    const ownList = await newList(intruder);
    const ownItem = await newItem(intruder, ownList.id, { name: 'Minha' });

    const listMissing = { status: 404, body: { error: 'ERR_NO_CONTACT_LIST_FOUND' } };
    const itemMissing = { status: 404, body: { error: 'ERR_NO_CONTACT_LIST_ITEM_FOUND' } };
    expect(await call(intruder, 'GET', `/contact-lists/${list.id}`)).toMatchObject(listMissing);
    expect(await call(intruder, 'PUT', `/contact-lists/${list.id}`, { name: 'Tomada' })).toMatchObject(listMissing);
    expect(await call(intruder, 'DELETE', `/contact-lists/${list.id}`)).toMatchObject(listMissing);
    expect(await upload(intruder, list.id, 'a.xlsx', await xlsx([['name'], ['Ana']]))).toMatchObject(listMissing);
    expect(await call(intruder, 'GET', `/contact-list-items?contactListId=${list.id}`)).toMatchObject(listMissing);
    expect(
      await call(intruder, 'POST', '/contact-list-items', { contactListId: list.id, name: 'Infiltrada' }),
    ).toMatchObject(listMissing);
    expect(
      await call(intruder, 'PUT', `/contact-list-items/${ownItem.id}`, { contactListId: list.id, name: 'Minha' }),
    ).toMatchObject(listMissing);
    expect(await call(intruder, 'GET', `/contact-list-items/${item.id}`)).toMatchObject(itemMissing);
    expect(
      await call(intruder, 'PUT', `/contact-list-items/${item.id}`, { contactListId: ownList.id, name: 'Roubada' }),
    ).toMatchObject(itemMissing);
    expect(await call(intruder, 'DELETE', `/contact-list-items/${item.id}`)).toMatchObject(itemMissing);
    expect((await call(intruder, 'GET', '/contact-lists/list')).body).toEqual([{ ...ownList, contactsCount: 1 }]);

    expect((await call(owner, 'GET', `/contact-list-items/${item.id}`)).body).toMatchObject({ name: 'Secreta' });
    expect((await call(owner, 'GET', `/contact-lists/${list.id}`)).body).toMatchObject({ contactsCount: 1 });
  });

  it('is for admins of companies whose plan has campaigns', async () => {
    const plan = await t.request('POST', '/plans', {
      token: superToken,
      body: { name: `Sem campanhas ${randomBytes(2).toString('hex')}`, useCampaigns: false },
    });
    const email = `admin.${randomBytes(3).toString('hex')}@semcampanhas.test`;
    await t.request('POST', '/companies', {
      token: superToken,
      body: { name: 'Sem campanhas', email, password: 'admin-pass', planId: plan.body.id },
    });
    const planless = { token: (await t.login(email, 'admin-pass')).token } as Company;
    const denied = { status: 403, body: { error: 'ERR_NO_PERMISSION' } };
    for (const [method, url] of [
      ['GET', '/contact-lists'],
      ['GET', '/contact-lists/list'],
      ['POST', '/contact-lists'],
      ['GET', '/contact-list-items?contactListId=1'],
      ['POST', '/contact-list-items'],
    ]) {
      expect(await call(planless, method, url, method === 'POST' ? { name: 'Lista' } : undefined)).toMatchObject(
        denied,
      );
    }

    const company = await signupCompany(t, 'Equipe');
    const list = await newList(company);
    for (const profile of ['user', 'supervisor']) {
      const agentEmail = `${profile}.${randomBytes(3).toString('hex')}@equipe.test`;
      await call(company, 'POST', '/users', {
        name: profile,
        email: agentEmail,
        password: 'agent-pass',
        profile,
        queueIds: [],
      });
      const agent = { token: (await t.login(agentEmail, 'agent-pass')).token } as Company;
      expect(await call(agent, 'GET', '/contact-lists')).toMatchObject(denied);
      expect(await call(agent, 'GET', `/contact-lists/${list.id}`)).toMatchObject(denied);
      expect(await call(agent, 'GET', `/contact-list-items?contactListId=${list.id}`)).toMatchObject(denied);
      expect(await upload(agent, list.id, 'a.xlsx', await xlsx([['name'], ['Ana']]))).toMatchObject(denied);
    }
  });
});

describe('spreadsheet import', () => {
  const HEADER = ['Nome', 'Número', 'E-mail'];

  it('adds the good rows of an .xlsx and reports the bad ones by row, with one reload event', async () => {
    const company = await signupCompany(t, 'Planilha');
    const socket = await ready(t.socket(company.token));
    const list = await newList(company);
    await newItem(company, list.id, { name: 'Antiga', number: '5511900000001' });
    const reload = eventWhere(socket, `company-${company.companyId}-ContactListItem`, (p) => p.action === 'reload');
    const count = eventWhere(socket, `company-${company.companyId}-ContactList`, (p) => p.record?.contactsCount === 4);

    const report = await upload(
      company,
      list.id,
      'contatos.xlsx',
      await xlsx([
        HEADER,
        ['Maria', 5511900000002, 'maria@example.com'],
        ['João', '(11) 90000-0003', ''],
        ['Sem número', '', 'sem@example.com'],
        ['Repetida', '11 90000-0002', ''],
        ['Já na lista', '5511900000001', ''],
        ['X', '5511900000009', 'x@'],
        [],
        ['Pedro', '12', ''],
      ]),
    );
    expect(report).toMatchObject({ status: 200 });
    expect(report.body).toEqual({
      added: 3,
      skipped: 4,
      errors: [
        { row: 5, field: 'number', message: 'validation.duplicateInFile', params: { row: 2 } },
        { row: 6, field: 'number', message: 'validation.taken' },
        { row: 7, field: 'name', message: 'validation.tooShort', params: { min: 2 } },
        { row: 7, field: 'email', message: 'validation.email' },
        { row: 9, field: 'number', message: 'validation.tooShort', params: { min: 8 } },
      ],
    });
    const reloaded = await reload;
    expect(reloaded).toMatchObject({ contactListId: list.id });
    expect(reloaded.records.map((r: { name: string }) => r.name)).toEqual(['Antiga', 'João', 'Maria', 'Sem número']);
    expect((await count).record).toMatchObject({ id: list.id, contactsCount: 4 });
    const items = (await call(company, 'GET', `/contact-list-items?contactListId=${list.id}`)).body.contacts;
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Maria', number: '5511900000002', email: 'maria@example.com' }),
        expect.objectContaining({ name: 'João', number: '5511900000003', isWhatsappValid: null }),
        expect.objectContaining({ name: 'Sem número', number: '', isWhatsappValid: false }),
      ]),
    );
  });

  it("imports the app's example spreadsheet as it is downloaded", async () => {
    const company = await signupCompany(t, 'Exemplo');
    const list = await newList(company);
    const example = readFileSync(
      fileURLToPath(
        new URL('../../desktop/src/renderer/features/contact-lists/contact-list-example.xlsx', import.meta.url),
      ),
    );
    expect((await upload(company, list.id, 'contact-list-example.xlsx', example)).body).toEqual({
      added: 2,
      skipped: 0,
      errors: [],
    });
    const names = (await call(company, 'GET', `/contact-list-items?contactListId=${list.id}`)).body.contacts.map(
      (c: { name: string; number: string }) => `${c.name} ${c.number}`,
    );
    expect(names).toEqual(['João Souza 5521998765432', 'Maria Silva 5511987654321']);
  });

  it('reads the legacy .xls too, by its bytes rather than its name', async () => {
    const company = await signupCompany(t, 'Legado');
    const list = await newList(company);
    const report = await upload(
      company,
      list.id,
      'planilha.xlsx',
      xls([
        ['name', 'phone', 'email'],
        ['Clara', '+55 21 98888-7777', 'clara@example.com'],
        ['Davi', 'não tenho', ''],
      ]),
    );
    expect(report.body).toEqual({
      added: 1,
      skipped: 1,
      errors: [{ row: 3, field: 'number', message: 'validation.phone' }],
    });
    expect((await call(company, 'GET', `/contact-list-items?contactListId=${list.id}`)).body.contacts).toEqual([
      expect.objectContaining({ name: 'Clara', number: '5521988887777', email: 'clara@example.com' }),
    ]);
  });

  it('refuses what is not a spreadsheet, a sheet over the row limit or nested too deeply and a missing file, adding nothing', async () => {
    const company = await signupCompany(t, 'Recusa');
    const list = await newList(company);
    const notSheet = {
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'file', message: 'validation.notSpreadsheet' }] },
    };
    expect(
      await upload(company, list.id, 'contatos.xlsx', Buffer.from('name,number\nAna,5511987654321\n')),
    ).toMatchObject(notSheet);
    expect(await upload(company, list.id, 'contatos.xls', Buffer.from('%PDF-1.4 fake'))).toMatchObject(notSheet);
    const tooMany = await upload(
      company,
      list.id,
      'grande.xlsx',
      await xlsx([
        ['name', 'number'],
        ...Array.from({ length: 10_001 }, (_, i) => [`Pessoa ${i}`, `55119${String(i).padStart(8, '0')}`]),
      ]),
    );
    expect(tooMany).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'file', message: 'validation.tooManyRows', params: { max: 10_000 } }] },
    });
    // A sheet nesting a million elements (4 KB packed) is refused as soon as it passes the depth allowed.
    const zip = await JSZip.loadAsync(
      await xlsx([
        ['name', 'number'],
        ['Ana', '5511987654321'],
      ]),
    );
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    zip.file(
      'xl/worksheets/sheet1.xml',
      sheet.replace('<sheetData>', `<sheetData>${'<a>'.repeat(1e6)}${'</a>'.repeat(1e6)}`),
    );
    const started = Date.now();
    const deep = await upload(
      company,
      list.id,
      'fundo.xlsx',
      await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } }),
    );
    expect(deep).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'file', message: 'validation.spreadsheetTooDeep', params: { max: 64 } }] },
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(
      await t.request('POST', `/contact-lists/${list.id}/upload`, { token: company.token, body: { file: 'x' } }),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'file', message: 'validation.required' }] } });
    expect((await call(company, 'GET', `/contact-lists/${list.id}`)).body.contactsCount).toBe(0);
  }, 60_000);
});

describe('existing contacts into a list', () => {
  it('copies contacts named by id and every contact with a tag on a ticket, once each, skipping numbers the list has', async () => {
    const co = await signupCompany(t, 'Audience');
    const list = await newList(co);
    await newItem(co, list.id, { name: 'Already here', number: '5511977770001' });
    const contact = async (name: string, number: string) =>
      (await call(co, 'POST', '/contacts', { name, number, email: `${number}@mail.test` })).body.id as number;
    const ana = await contact('Ana', '5511977770001');
    const bruno = await contact('Bruno', '5511977770002');
    // Customers who wrote in: their tickets carry the tag (or not).
    const whatsappId = await addConnection(t, co.companyId);
    for (const number of ['5511977770003', '5511977770004', '5511977770002']) {
      await sinkOf(t).message(inbound(co.companyId, whatsappId, { number, name: `Cliente ${number.slice(-1)}` }, 'oi'));
    }
    const tag = (await call(co, 'POST', '/tags', { name: 'VIP', color: '#B80000' })).body.id as number;
    const tickets = (await call(co, 'GET', '/tickets?status=pending&showAll=true')).body.tickets as {
      id: number;
      contact: { number: string };
    }[];
    for (const ticket of tickets.filter((x) => x.contact.number !== '5511977770004')) {
      await call(co, 'POST', '/tags/sync', { ticketId: ticket.id, tags: [{ id: tag }] });
    }

    const added = await call(co, 'POST', `/contact-lists/${list.id}/contacts`, {
      contactIds: [ana, bruno],
      tagId: tag,
    });
    expect(added.status).toBe(200);
    // Bruno is named and tagged: once. Ana's number is in the list already.
    expect(added.body).toEqual({ added: 2, skipped: 1 });
    const items = (await call(co, 'GET', `/contact-list-items?contactListId=${list.id}`)).body.contacts as {
      name: string;
      number: string;
      email: string;
    }[];
    expect(items.map((i) => i.number).sort()).toEqual(['5511977770001', '5511977770002', '5511977770003']);
    expect(items.find((i) => i.number === '5511977770002')).toMatchObject({
      name: 'Bruno',
      email: '5511977770002@mail.test',
    });
    expect((await call(co, 'GET', `/contact-lists/${list.id}`)).body.contactsCount).toBe(3);
    // Again: nothing new.
    expect((await call(co, 'POST', `/contact-lists/${list.id}/contacts`, { tagId: tag })).body).toEqual({
      added: 0,
      skipped: 2,
    });
  });

  it("refuses nothing named, another company's tag or contact, and another company's list", async () => {
    const co = await signupCompany(t, 'Audience two');
    const other = await signupCompany(t, 'Audience other');
    const list = await newList(co);
    const theirs = (await call(other, 'POST', '/contacts', { name: 'Theirs', number: '5511977779999' })).body.id;
    const theirTag = (await call(other, 'POST', '/tags', { name: 'Theirs', color: '#B80000' })).body.id;
    const add = (body: unknown, id = list.id) => call(co, 'POST', `/contact-lists/${id}/contacts`, body);
    expect((await add({})).body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'contactIds', message: 'validation.required' }],
    });
    expect((await add({ contactIds: [theirs] })).body.fields).toEqual([
      expect.objectContaining({ field: 'contactIds', message: 'validation.oneOf' }),
    ]);
    expect((await add({ tagId: theirTag })).body.fields).toEqual([
      expect.objectContaining({ field: 'tagId', message: 'validation.oneOf' }),
    ]);
    expect((await add({ contactIds: 'all' })).status).toBe(400);
    expect((await add({ contactIds: null, tagId: null })).body.fields).toEqual([
      expect.objectContaining({ field: 'contactIds', message: 'validation.required' }),
    ]);
    const theirList = await newList(other);
    expect((await add({ contactIds: [1] }, theirList.id)).status).toBe(404);
    expect((await call(co, 'GET', `/contact-list-items?contactListId=${list.id}`)).body.contacts).toEqual([]);
  });
});

describe('WhatsApp check of the items', () => {
  it('marks each number valid or invalid through the sandbox, paced, and tells the company item by item', async () => {
    const company = await signupCompany(t, 'Checagem');
    const socket = await ready(t.socket(company.token));
    await sandboxLine(company);
    const offline = '5511955551111';
    await call(company, 'PUT', `/sandbox/numbers/${offline}`, { onWhatsApp: false });
    const list = await newList(company);
    const results = new Map<number, { at: number; valid: boolean | null }>();
    socket.on(`company-${company.companyId}-ContactListItem`, (p) => {
      if (p.action === 'update') results.set(p.record.id, { at: Date.now(), valid: p.record.isWhatsappValid });
    });

    await upload(
      company,
      list.id,
      'a.xlsx',
      await xlsx([
        ['name', 'number'],
        ['Online A', '5511955552222'],
        ['Offline', offline],
        ['Online B', '5511955553333'],
        ['Online C', '5511955554444'],
      ]),
    );
    const items = (await call(company, 'GET', `/contact-list-items?contactListId=${list.id}`)).body.contacts as {
      id: number;
      name: string;
    }[];
    await eventually(() => expect(results.size).toBe(4), 10_000);
    for (const item of items) {
      const expected = item.name !== 'Offline';
      expect(results.get(item.id)?.valid).toBe(expected);
      expect((await stored(item.id)).isWhatsappValid).toBe(expected);
      expect((await stored(item.id)).checkToken).toBeNull();
    }
    // One at a time, at the configured pace (each wait within ±25% of it).
    const times = [...results.values()].map((r) => r.at).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++)
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(INTERVAL_MS * 0.75 - 20);
  });

  it('waits while no connection is connected and carries on once one connects', async () => {
    const company = await signupCompany(t, 'Espera');
    const socket = await ready(t.socket(company.token));
    const line = await sandboxLine(company, false);
    const list = await newList(company);
    const item = await newItem(company, list.id, { name: 'Paciente', number: '5511966667777' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await stored(item.id)).isWhatsappValid).toBeNull();
    expect((await stored(item.id)).checkToken).toBeNull();

    const checked = eventWhere(
      socket,
      `company-${company.companyId}-ContactListItem`,
      (p) => p.action === 'update' && p.record.id === item.id,
      12_000,
    );
    await scanLine(company, line);
    expect((await checked).record).toMatchObject({ id: item.id, isWhatsappValid: true });
  }, 30_000);

  it('lets one checker claim an item at a time, takes a lapsed claim again, and drops an answer an edit made stale', async () => {
    const company = await signupCompany(t, 'Corrida');
    const list = await newList(company);
    const checks = t.app.get(ContactChecksJob);
    const item = await newItem(company, list.id, { name: 'Disputada', number: '5511977778888' });
    const entity = await stored(item.id);

    const claims = await Promise.all([
      checks.claim({ ...entity }),
      checks.claim({ ...entity }),
      checks.claim({ ...entity }),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await checks.claim({ ...entity })).toBeNull();
    const repo = t.app.get(DataSource).getRepository(ContactListItemEntity);
    await repo.update({ id: item.id }, { checkClaimedAt: new Date(Date.now() - 10 * 60_000) });
    expect(await checks.claim({ ...entity })).not.toBeNull();
    await repo.update({ id: item.id }, { checkToken: null, checkClaimedAt: null });

    // A connection whose number checks we answer by hand, late.
    const pending: { number: string; answer: (exists: boolean) => void }[] = [];
    const port = (checks as unknown as { outbound: OutboundPort }).outbound;
    const original = port.checkNumber.bind(port);
    port.checkNumber = (_whatsappId, number) =>
      new Promise((resolve) => pending.push({ number, answer: (exists) => resolve({ exists, number }) }));
    try {
      await sandboxLine(company);
      await checks.wake(company.companyId);
      await eventually(() => expect(pending.map((p) => p.number)).toEqual(['5511977778888']));
      // Edited while WhatsApp is being asked about the old number: that answer must not stick.
      await call(company, 'PUT', `/contact-list-items/${item.id}`, {
        contactListId: list.id,
        name: 'Disputada',
        number: '5511977779999',
      });
      pending[0].answer(true);
      await eventually(() => expect(pending.map((p) => p.number)).toEqual(['5511977778888', '5511977779999']));
      expect((await stored(item.id)).isWhatsappValid).toBeNull();
      pending[1].answer(false);
      await eventually(async () => expect((await stored(item.id)).isWhatsappValid).toBe(false));
    } finally {
      port.checkNumber = original;
    }
  }, 30_000);
});

describe('two server nodes', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp({ SANDBOX: 'true', CONTACT_CHECK_INTERVAL_MS: String(INTERVAL_MS) }, t);
  }, 60_000);
  afterAll(() => second.close());

  it('never ask WhatsApp about one item twice, however the work is shared between them', async () => {
    const company = await signupCompany(t, 'Cluster');
    const list = await newList(company);
    const numbers = Array.from({ length: 30 }, (_, i) => `55119444400${String(i).padStart(2, '0')}`);
    for (const [i, number] of numbers.entries()) await newItem(company, list.id, { name: `Pessoa ${i}`, number });
    // Both nodes answer at once and without pause, so they reach for the same items at the same
    // moments: only the claims keep them apart.
    const asked: string[] = [];
    const restore = [t, second].map((node) => {
      const port = (node.app.get(ContactChecksJob) as unknown as { outbound: OutboundPort }).outbound;
      const original = port.checkNumber;
      port.checkNumber = async (_whatsappId, number) => {
        asked.push(number);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { exists: true, number };
      };
      node.config.contactCheckIntervalMs = 0;
      return () => {
        port.checkNumber = original;
        node.config.contactCheckIntervalMs = INTERVAL_MS;
      };
    });
    try {
      await sandboxLine(company);
      await Promise.all([t, second].map((node) => node.app.get(ContactChecksJob).wake(company.companyId)));
      const items = t.app.get(DataSource).getRepository(ContactListItemEntity);
      await eventually(
        async () => expect(await items.countBy({ contactListId: list.id, isWhatsappValid: true })).toBe(30),
        15_000,
      );
      expect([...asked].sort()).toEqual(numbers);
    } finally {
      for (const undo of restore) undo();
    }
  }, 30_000);
});

/** Retries `assertion` until it passes or `ms` runs out (then its last failure is the test's). */
async function eventually(assertion: () => unknown, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
