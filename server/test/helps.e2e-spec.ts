import { ADMIN, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(() => t.close());

const VIDEO = 'dQw4w9WgXcQ';

describe('help videos', () => {
  it('the super-admin writes them; a pasted link is kept as its code', async () => {
    const created = await t.request('POST', '/helps', {
      token: superToken,
      body: {
        title: ' Getting started ',
        description: 'First steps',
        video: `https://www.youtube.com/watch?v=${VIDEO}`,
      },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { title: 'Getting started', description: 'First steps', video: VIDEO },
    });
    const id = created.body.id;
    expect((await t.request('GET', `/helps/${id}`, { token: superToken })).body).toEqual(created.body);

    const updated = await t.request('PUT', `/helps/${id}`, {
      token: superToken,
      body: { title: 'Getting started, again', video: `https://youtu.be/${VIDEO}` },
    });
    expect(updated).toMatchObject({ status: 200, body: { id, title: 'Getting started, again', description: '' } });

    expect((await t.request('DELETE', `/helps/${id}`, { token: superToken })).status).toBe(204);
    expect(await t.request('GET', `/helps/${id}`, { token: superToken })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_HELP_FOUND' },
    });
    expect((await t.request('DELETE', `/helps/${id}`, { token: superToken })).status).toBe(404);
    expect(
      (await t.request('PUT', `/helps/${id}`, { token: superToken, body: { title: 'x', video: VIDEO } })).status,
    ).toBe(404);
    expect((await t.request('GET', '/helps/abc', { token: superToken })).status).toBe(404);
  });

  it('validates the title and the video code', async () => {
    const res = await t.request('POST', '/helps', {
      token: superToken,
      body: { title: '  ', video: 'https://vimeo.com/123', description: 'x'.repeat(5001) },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'validation.required' },
        { field: 'video', message: 'validation.videoCode' },
        { field: 'description', message: 'validation.tooLong', params: { max: 5000 } },
      ]),
    );
    expect((await t.request('POST', '/helps', { token: superToken, body: { title: 'No video' } })).body.fields).toEqual(
      [{ field: 'video', message: 'validation.required' }],
    );
  });

  it('every company reads them, in pages or whole; only the super-admin writes', async () => {
    const prefix = `Paged ${Date.now()}`;
    for (let i = 0; i < 21; i++) {
      const res = await t.request('POST', '/helps', {
        token: superToken,
        body: { title: `${prefix} ${String(i).padStart(2, '0')}`, video: VIDEO },
      });
      expect(res.status).toBe(201);
    }
    const company = await signupCompany(t, 'Readers');
    const first = await t.request(
      'GET',
      `/helps?searchParam=${encodeURIComponent(prefix.toUpperCase())}&pageNumber=1`,
      {
        token: company.token,
      },
    );
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0]).toEqual({
      id: expect.any(Number),
      title: `${prefix} 00`,
      description: '',
      video: VIDEO,
    });
    const second = await t.request('GET', `/helps?searchParam=${encodeURIComponent(prefix)}&pageNumber=2`, {
      token: company.token,
    });
    expect(second.body).toMatchObject({ count: 21, hasMore: false, records: [{ title: `${prefix} 20` }] });
    const all = await t.request('GET', '/helps/list', { token: company.token });
    expect(all.body.filter((h: { title: string }) => h.title.startsWith(prefix))).toHaveLength(21);
    expect((await t.request('GET', `/helps/${first.body.records[0].id}`, { token: company.token })).status).toBe(200);
    expect((await t.request('GET', '/helps?pageNumber=0', { token: company.token })).status).toBe(400);

    // A company admin is not the platform's admin.
    const id = first.body.records[0].id;
    for (const [method, path] of [
      ['POST', '/helps'],
      ['PUT', `/helps/${id}`],
      ['DELETE', `/helps/${id}`],
    ]) {
      expect(
        await t.request(method, path, { token: company.token, body: { title: 'Mine', video: VIDEO } }),
      ).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    }
    expect((await t.request('GET', '/helps/list')).status).toBe(401);
  });
});
