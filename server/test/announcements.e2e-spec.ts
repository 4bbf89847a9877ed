import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN, nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let superToken: string;
let superCompanyId: number;
beforeAll(async () => {
  t = await startTestApp();
  const session = await t.login(ADMIN.email, ADMIN.password);
  superToken = session.token;
  superCompanyId = session.user.companyId;
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);

/** A multipart body with one file under `file`, as the old clients send it. */
function upload(id: number, filename: string, data: Buffer, token = superToken) {
  const boundary = '----atendo-announcement';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.request('POST', `/announcements/${id}/media-upload`, {
    token,
    body: payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function create(body: Record<string, unknown>) {
  const res = await t.request('POST', '/announcements', { token: superToken, body });
  expect(res.status).toBe(201);
  return res.body;
}

function fileOf(mediaPath: string): string {
  return join(t.config.dataDir, mediaPath);
}

describe('announcements', () => {
  it('the super-admin writes them, with the defaults of spec §9', async () => {
    const created = await create({ title: 'Maintenance', text: 'Sunday 2am' });
    expect(created).toMatchObject({
      title: 'Maintenance',
      text: 'Sunday 2am',
      priority: 3,
      status: true,
      mediaPath: null,
      mediaName: null,
    });
    const updated = await t.request('PUT', `/announcements/${created.id}`, {
      token: superToken,
      body: { title: 'Maintenance moved', text: 'Monday 2am', priority: 1, status: true },
    });
    expect(updated).toMatchObject({ status: 200, body: { id: created.id, title: 'Maintenance moved', priority: 1 } });
    expect((await t.request('GET', `/announcements/${created.id}`, { token: superToken })).body).toEqual(updated.body);
    expect((await t.request('DELETE', `/announcements/${created.id}`, { token: superToken })).status).toBe(204);
    expect(await t.request('GET', `/announcements/${created.id}`, { token: superToken })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_ANNOUNCEMENT_FOUND' },
    });
  });

  it('validates title, text and priority', async () => {
    const res = await t.request('POST', '/announcements', {
      token: superToken,
      body: { title: '', text: ' ', priority: 4, status: 'maybe' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'priority',
      'status',
      'text',
      'title',
    ]);
  });

  it('every user reads the active ones; only the super-admin sees the inactive ones and writes', async () => {
    const company = await signupCompany(t, 'Readers');
    const active = await create({ title: `Active ${Date.now()}`, text: 'For everyone', priority: 2 });
    const draft = await create({ title: `Draft ${Date.now()}`, text: 'Not yet', status: false });

    const seen = await t.request('GET', '/announcements?pageNumber=1', { token: company.token });
    const ids = seen.body.records.map((a: { id: number }) => a.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(draft.id);
    expect(seen.body.records.every((a: { status: boolean }) => a.status)).toBe(true);
    expect((await t.request('GET', `/announcements/${draft.id}`, { token: company.token })).status).toBe(404);
    expect((await t.request('GET', `/announcements/${active.id}`, { token: company.token })).status).toBe(200);

    const all = await t.request('GET', `/announcements?searchParam=${encodeURIComponent(draft.title)}`, {
      token: superToken,
    });
    expect(all.body).toMatchObject({ count: 1, hasMore: false, records: [{ id: draft.id, status: false }] });

    for (const [method, path] of [
      ['POST', '/announcements'],
      ['PUT', `/announcements/${active.id}`],
      ['DELETE', `/announcements/${active.id}`],
      ['DELETE', `/announcements/${active.id}/media-upload`],
    ]) {
      expect(await t.request(method, path, { token: company.token, body: { title: 'x', text: 'y' } })).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    }
    expect((await upload(active.id, 'a.png', PNG, company.token)).status).toBe(403);
    expect((await t.request('GET', '/announcements')).status).toBe(401);
  });

  it('pages newest first, 20 a page', async () => {
    const tag = `Paged-${Date.now()}`;
    for (let i = 0; i < 21; i++) await create({ title: `${tag} ${i}`, text: 'x' });
    const first = await t.request('GET', `/announcements?searchParam=${tag}&pageNumber=1`, { token: superToken });
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0].title).toBe(`${tag} 20`);
    const second = await t.request('GET', `/announcements?searchParam=${tag}&pageNumber=2`, { token: superToken });
    expect(second.body).toMatchObject({ hasMore: false, records: [{ title: `${tag} 0` }] });
  });

  it('reaches every company live; an inactive one reaches only the super-admin', async () => {
    const one = await signupCompany(t, 'LiveOne');
    const two = await signupCompany(t, 'LiveTwo');
    const sockets = [t.socket(one.token), t.socket(two.token), t.socket(superToken)];
    await Promise.all(sockets.map((s) => nextEvent(s, 'ready')));
    const [a, b, s] = sockets;
    const eventOf = (companyId: number) => `company-${companyId}-announcement`;

    const created = Promise.all([
      nextEvent(a, eventOf(one.companyId)),
      nextEvent(b, eventOf(two.companyId)),
      nextEvent(s, eventOf(superCompanyId)),
    ]);
    const record = await create({ title: 'Live', text: 'Hello all', priority: 1 });
    for (const payload of await created) expect(payload).toEqual({ action: 'create', record });

    const retired = Promise.all([nextEvent(a, eventOf(one.companyId)), nextEvent(s, eventOf(superCompanyId))]);
    const update = await t.request('PUT', `/announcements/${record.id}`, {
      token: superToken,
      body: { title: 'Live', text: 'Hello all', priority: 1, status: false },
    });
    const [toCompany, toSuper] = await retired;
    expect(toCompany).toEqual({ action: 'delete', id: record.id });
    expect(toSuper).toEqual({ action: 'update', record: update.body });

    const draftEvent = nextEvent(s, eventOf(superCompanyId));
    const heard = receives(a, eventOf(one.companyId), 800);
    const draft = await create({ title: 'Draft', text: 'Soon', status: false });
    expect(await draftEvent).toEqual({ action: 'create', record: draft });
    expect(await heard).toBe(true); // told the draft is not there, never shown it
    const deleted = Promise.all([nextEvent(b, eventOf(two.companyId)), nextEvent(s, eventOf(superCompanyId))]);
    await t.request('DELETE', `/announcements/${record.id}`, { token: superToken });
    for (const payload of await deleted) expect(payload).toEqual({ action: 'delete', id: record.id });
  });

  it('takes a png or jpeg attachment, checked by its bytes, and serves it with its type', async () => {
    const record = await create({ title: 'With image', text: 'See the picture' });
    const png = await upload(record.id, 'diagram.PNG', PNG);
    expect(png).toMatchObject({ status: 201, body: { id: record.id, mediaName: 'diagram.PNG' } });
    expect(png.body.mediaPath).toMatch(/^\/public\/announcements\/[0-9a-f]{24}\.png$/);
    const served = await t.request('GET', png.body.mediaPath);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    // A new attachment replaces the old one, whose file goes.
    const jpeg = await upload(record.id, 'photo.jpeg', JPEG);
    expect(jpeg.body.mediaPath).toMatch(/\.jpg$/);
    expect((await t.request('GET', jpeg.body.mediaPath)).headers['content-type']).toBe('image/jpeg');
    expect(existsSync(fileOf(png.body.mediaPath))).toBe(false);
    expect((await t.request('GET', png.body.mediaPath)).status).toBe(404);

    // The bytes decide what it is: a png's bytes named .jpg are stored and served as png.
    const misnamed = await upload(record.id, 'really-a-png.jpg', PNG);
    expect(misnamed.body.mediaPath).toMatch(/\.png$/);

    expect(
      (await t.request('DELETE', `/announcements/${record.id}/media-upload`, { token: superToken })).body,
    ).toMatchObject({ mediaPath: null, mediaName: null });
    expect(existsSync(fileOf(misnamed.body.mediaPath))).toBe(false);

    const again = await upload(record.id, 'again.png', PNG);
    await t.request('DELETE', `/announcements/${record.id}`, { token: superToken });
    expect(existsSync(fileOf(again.body.mediaPath))).toBe(false);
  });

  it('refuses other files, however they are named, and files over 2 MiB', async () => {
    const record = await create({ title: 'Refusals', text: 'x' });
    const fileType = {
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'file', message: 'validation.fileType' }] },
    };
    expect(await upload(record.id, 'fake.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject(
      fileType,
    );
    expect(await upload(record.id, 'fake.png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'))).toMatchObject(
      fileType,
    );
    expect(await upload(record.id, 'image.gif', PNG)).toMatchObject(fileType);
    expect(await upload(record.id, 'no-extension', PNG)).toMatchObject(fileType);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await upload(record.id, 'big.png', big)).toMatchObject({
      status: 413,
      body: { error: 'ERR_PAYLOAD_TOO_LARGE' },
    });
    expect(await upload(record.id, 'empty.png', Buffer.alloc(0))).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'file', message: 'validation.required' }] },
    });
    const json = await t.request('POST', `/announcements/${record.id}/media-upload`, { token: superToken, body: {} });
    expect(json).toMatchObject({ status: 400, body: { fields: [{ field: 'file', message: 'validation.required' }] } });
    expect((await upload(999_999, 'a.png', PNG)).status).toBe(404);
    expect((await t.request('GET', `/announcements/${record.id}`, { token: superToken })).body.mediaPath).toBeNull();
  });
});
