import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { connected, conversationApp, type ConversationCompany, type SignedUpCompany } from './support/conversations.js';
import { nextEvent, type TestApp } from './support/test-app.js';

let t: TestApp, co: ConversationCompany, other: SignedUpCompany;

beforeAll(async () => {
  ({ t, co, other } = await conversationApp('Files', 'Outsiders'));
}, 60_000);
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const create = (token: string, body: Record<string, unknown>) => t.request('POST', '/files', { token, body });

interface Part {
  field: string;
  value?: string;
  file?: { name: string; data: Buffer; type?: string };
}

/** POST /files/uploadList/{id} as the existing clients build it: per file, its bytes then its fields. */
function uploadList(id: number, token: string, parts: Part[]) {
  const boundary = '----atendo-files';
  const chunks = parts.flatMap(({ field, value, file }) =>
    file
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
          ),
          file.data,
          Buffer.from('\r\n'),
        ]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)],
  );
  return t.request('POST', `/files/uploadList/${id}`, {
    token,
    body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** The parts for one file of an option, in the existing clients' order. */
const fileOf = (optionId: number, name: string, data: Buffer, type = 'image/png'): Part[] => [
  { field: 'files', file: { name, data, type } },
  { field: 'mediaType', value: type },
  { field: 'name', value: name },
  { field: 'id', value: String(optionId) },
];

const privateFiles = (companyId: number) => {
  const dir = join(t.config.dataDir, 'private', `company${companyId}`);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('file lists', () => {
  it('makes a list with its files’ names, takes each file by its option, and serves them to the company only', async () => {
    const socket = await connected(t.socket(co.seller.token));
    const created = nextEvent(socket, `company-${co.companyId}-file`);
    const list = await create(co.admin.token, {
      name: 'Catálogo de verão',
      message: 'Veja nossas novidades',
      options: [{ name: 'Tabela de preços' }, { name: 'Foto da vitrine' }],
    });
    expect(list).toMatchObject({
      status: 201,
      body: {
        name: 'Catálogo de verão',
        message: 'Veja nossas novidades',
        options: [
          { name: 'Tabela de preços', path: '', mediaType: '' },
          { name: 'Foto da vitrine', path: '', mediaType: '' },
        ],
      },
    });
    expect(await created).toEqual({ action: 'create', files: list.body });
    const [prices, photo] = list.body.options as { id: number }[];

    const updated = nextEvent(socket, `company-${co.companyId}-file`);
    const uploaded = await uploadList(list.body.id, co.admin.token, [
      { field: 'fileId', value: String(list.body.id) },
      { field: 'typeArch', value: 'fileList' },
      ...fileOf(prices.id, 'precos.pdf', PDF, 'application/pdf'),
      ...fileOf(photo.id, 'vitrine.png', PNG),
    ]);
    expect(uploaded).toMatchObject({
      status: 201,
      body: {
        options: [
          { id: prices.id, name: 'Tabela de preços', mediaType: 'application/pdf' },
          { id: photo.id, name: 'Foto da vitrine', mediaType: 'image/png' },
        ],
      },
    });
    expect(uploaded.body.options[0].path).toMatch(/^[0-9a-f]{24}\.pdf$/);
    expect(await updated).toEqual({ action: 'update', files: uploaded.body });
    expect(privateFiles(co.companyId)).toHaveLength(2);

    // Every user of the company may fetch a file, under the option's name; nobody else, and no public URL.
    const content = `/files/${list.body.id}/options/${photo.id}/content`;
    const served = await t.request('GET', content, { token: co.seller.token });
    expect(served.status).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'inline; filename="Foto da vitrine.png"',
      'cache-control': 'private, no-cache',
      'x-content-type-options': 'nosniff',
    });
    const pdf = await t.request('GET', `/files/${list.body.id}/options/${prices.id}/content`, {
      token: co.admin.token,
    });
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="Tabela de pre?os.pdf"; filename*=UTF-8''Tabela%20de%20pre%C3%A7os.pdf`,
    );
    expect(await t.request('GET', content, { token: other.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NOT_FOUND' },
    });
    expect((await t.request('GET', content)).status).toBe(401);
    const key = uploaded.body.options[1].path;
    for (const path of [`/public/company${co.companyId}/${key}`, `/public/../private/company${co.companyId}/${key}`]) {
      expect((await t.request('GET', path)).status).toBe(404);
    }

    // A new file for an option replaces its old one.
    const replaced = await uploadList(list.body.id, co.admin.token, fileOf(photo.id, 'nova.png', PNG));
    expect(replaced.body.options[1].path).not.toBe(key);
    expect(privateFiles(co.companyId)).not.toContain(key);
    expect(privateFiles(co.companyId)).toHaveLength(2);
  });

  it('pages lists by name, searched, with their files; the campaign picker’s companyId is ignored', async () => {
    const names = Array.from({ length: 21 }, (_, i) => `Lista ${String(i).padStart(2, '0')}`);
    for (const name of names) expect((await create(co.admin.token, { name, message: 'm' })).status).toBe(201);
    const first = await t.request('GET', `/files/?companyId=${other.companyId}&searchParam=lista`, {
      token: co.seller.token,
    });
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.files.map((f: { name: string }) => f.name)).toEqual(names.slice(0, 20));
    const second = await t.request('GET', '/files?searchParam=lista&pageNumber=2', { token: co.seller.token });
    expect(second.body).toMatchObject({ hasMore: false, files: [{ name: 'Lista 20', options: [] }] });
    expect((await t.request('GET', '/files?searchParam=lista', { token: other.token })).body).toMatchObject({
      count: 0,
      files: [],
    });
  });

  it('renames, adds and drops options on edit; a dropped option and a deleted list take their files along', async () => {
    const list = await create(co.admin.token, {
      name: 'Boas-vindas',
      message: 'Olá!',
      options: [{ name: 'Manual' }, { name: 'Mapa' }],
    });
    const [manual, map] = list.body.options as { id: number }[];
    const up = await uploadList(list.body.id, co.admin.token, [
      ...fileOf(manual.id, 'manual.pdf', PDF, 'application/pdf'),
      ...fileOf(map.id, 'mapa.png', PNG),
    ]);
    const [manualKey, mapKey] = up.body.options.map((o: { path: string }) => o.path);

    const edited = await t.request('PUT', `/files/${list.body.id}`, {
      token: co.admin.token,
      body: {
        name: 'Boas-vindas 2',
        message: 'Olá de novo',
        options: [{ id: manual.id, name: 'Manual do cliente' }, { name: 'Contrato' }],
      },
    });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        name: 'Boas-vindas 2',
        message: 'Olá de novo',
        options: [
          { id: manual.id, name: 'Manual do cliente', path: manualKey, mediaType: 'application/pdf' },
          { name: 'Contrato', path: '', mediaType: '' },
        ],
      },
    });
    expect(privateFiles(co.companyId)).toContain(manualKey);
    expect(privateFiles(co.companyId)).not.toContain(mapKey);
    expect(
      (await t.request('GET', `/files/${list.body.id}/options/${map.id}/content`, { token: co.admin.token })).status,
    ).toBe(404);
    expect((await t.request('GET', `/files/${list.body.id}`, { token: co.helper.token })).body).toEqual(edited.body);

    // An option id of another list is refused, and nothing changes.
    const stranger = await create(co.admin.token, { name: 'Outra lista', message: 'x', options: [{ name: 'Dela' }] });
    expect(
      await t.request('PUT', `/files/${list.body.id}`, {
        token: co.admin.token,
        body: { name: 'Tomada', message: 'x', options: [{ id: stranger.body.options[0].id, name: 'Dela' }] },
      }),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'options[0].id', message: 'validation.oneOf' }] } });
    expect((await t.request('GET', `/files/${list.body.id}`, { token: co.admin.token })).body.name).toBe(
      'Boas-vindas 2',
    );

    const socket = await connected(t.socket(co.helper.token));
    const gone = nextEvent(socket, `company-${co.companyId}-file`);
    expect((await t.request('DELETE', `/files/${list.body.id}`, { token: co.admin.token })).status).toBe(204);
    expect(await gone).toEqual({ action: 'delete', fileId: list.body.id });
    expect(privateFiles(co.companyId)).not.toContain(manualKey);
    expect((await t.request('GET', `/files/${list.body.id}`, { token: co.admin.token })).status).toBe(404);
  });

  it('refuses bad files by content, size and absence, naming each, and keeps none of the upload', async () => {
    const list = await create(co.admin.token, {
      name: 'Recusas',
      message: 'x',
      options: [{ name: 'A' }, { name: 'B' }],
    });
    const [a, b] = list.body.options as { id: number }[];
    const before = privateFiles(co.companyId).length;
    const refused = await uploadList(list.body.id, co.admin.token, [
      ...fileOf(a.id, 'ok.png', PNG),
      ...fileOf(b.id, 'pagina.pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf'),
    ]);
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'files[1]', message: 'validation.fileType' }] },
    });
    const big = await uploadList(
      list.body.id,
      co.admin.token,
      fileOf(a.id, 'big.png', Buffer.concat([PNG, Buffer.alloc(16 * 1024 * 1024)])),
    );
    expect(big).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'files[0]', message: 'validation.fileTooLarge', params: { max: 16 } }] },
    });
    expect(await uploadList(list.body.id, co.admin.token, fileOf(a.id, 'vazio.png', Buffer.alloc(0)))).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'files[0]', message: 'validation.required' }] },
    });
    expect(
      await uploadList(list.body.id, co.admin.token, [
        { field: 'id', value: String(a.id) },
        { field: 'name', value: 'A' },
      ]),
    ).toMatchObject({ status: 400, body: { fields: [{ field: 'files', message: 'validation.required' }] } });
    expect(
      await t.request('POST', `/files/uploadList/${list.body.id}`, { token: co.admin.token, body: {} }),
    ).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'files', message: 'validation.required' }] },
    });
    // A file without its option, for another list's, or a second file for one option.
    const stranger = await create(co.admin.token, { name: 'Alheia', message: 'x', options: [{ name: 'C' }] });
    const unmatched = (field: string) => ({ status: 400, body: { fields: [{ field, message: 'validation.oneOf' }] } });
    expect(
      await uploadList(list.body.id, co.admin.token, [{ field: 'files', file: { name: 'x.png', data: PNG } }]),
    ).toMatchObject(unmatched('id[0]'));
    expect(
      await uploadList(list.body.id, co.admin.token, fileOf(stranger.body.options[0].id, 'y.png', PNG)),
    ).toMatchObject(unmatched('id[0]'));
    expect(
      await uploadList(list.body.id, co.admin.token, [...fileOf(a.id, 'z.png', PNG), ...fileOf(a.id, 'w.png', PNG)]),
    ).toMatchObject(unmatched('id[1]'));
    expect(privateFiles(co.companyId)).toHaveLength(before);
    expect((await t.request('GET', `/files/${list.body.id}`, { token: co.admin.token })).body.options).toEqual([
      { id: a.id, name: 'A', path: '', mediaType: '' },
      { id: b.id, name: 'B', path: '', mediaType: '' },
    ]);
  });

  it('validates the list, lets only admins write, and answers another company’s list as missing', async () => {
    expect(await create(co.admin.token, { name: 'ab', message: ' ', options: [{ name: '' }] })).toMatchObject({
      status: 400,
      body: {
        fields: expect.arrayContaining([
          { field: 'name', message: 'validation.tooShort', params: { min: 3 } },
          { field: 'message', message: 'validation.required' },
          { field: 'options[0].name', message: 'validation.required' },
        ]),
      },
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `F${i}` }));
    expect(await create(co.admin.token, { name: 'Demais', message: 'x', options: eleven })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'options', message: 'validation.max', params: { max: 10 } }] },
    });
    expect(
      await create(co.admin.token, { name: 'Com id', message: 'x', options: [{ id: 1, name: 'F' }] }),
    ).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'options[0].id', message: 'validation.oneOf' }] },
    });

    const list = await create(co.admin.token, { name: 'Só admins', message: 'x', options: [{ name: 'F' }] });
    for (const [method, path] of [
      ['POST', '/files'],
      ['PUT', `/files/${list.body.id}`],
      ['DELETE', `/files/${list.body.id}`],
    ]) {
      expect(
        await t.request(method, path, { token: co.seller.token, body: { name: 'Tomada', message: 'x' } }),
      ).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    }
    expect(
      (await uploadList(list.body.id, co.seller.token, fileOf(list.body.options[0].id, 'a.png', PNG))).status,
    ).toBe(403);

    const theirs = await create(other.token, { name: 'Deles', message: 'x', options: [{ name: 'G' }] });
    await uploadList(theirs.body.id, other.token, fileOf(theirs.body.options[0].id, 'g.png', PNG));
    for (const [method, path, body] of [
      ['GET', `/files/${theirs.body.id}`, undefined],
      ['PUT', `/files/${theirs.body.id}`, { name: 'Tomada', message: 'x' }],
      ['DELETE', `/files/${theirs.body.id}`, undefined],
      ['GET', `/files/${theirs.body.id}/options/${theirs.body.options[0].id}/content`, undefined],
    ] as const) {
      expect(await t.request(method, path, { token: co.admin.token, body })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NOT_FOUND' },
      });
    }
    expect(
      (await uploadList(theirs.body.id, co.admin.token, fileOf(theirs.body.options[0].id, 'a.png', PNG))).status,
    ).toBe(404);
    // An option of this company's list reached through another list's id is not there either.
    expect(
      (
        await t.request('GET', `/files/${list.body.id}/options/${theirs.body.options[0].id}/content`, {
          token: co.admin.token,
        })
      ).status,
    ).toBe(404);
    expect((await t.request('GET', `/files/${theirs.body.id}`, { token: other.token })).status).toBe(200);
  });
});
