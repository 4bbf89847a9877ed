import { DataSource } from 'typeorm';
import { WhatsappAuthKeyEntity } from '../src/modules/whatsapp/entities/whatsapp-auth-key.entity.js';
import { nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SANDBOX: 'true' });
});
afterAll(() => t.close());

type Company = Awaited<ReturnType<typeof signupCompany>>;

const create = (c: Company, body: Record<string, unknown>) => t.request('POST', '/whatsapp', { token: c.token, body });
const update = (c: Company, id: number, body: Record<string, unknown>) =>
  t.request('PUT', `/whatsapp/${id}`, { token: c.token, body });
const defaults = async (c: Company) =>
  Object.fromEntries(
    (await t.request('GET', '/whatsapp', { token: c.token })).body.map((w: { id: number; isDefault: boolean }) => [
      w.id,
      w.isDefault,
    ]),
  );

describe('connections', () => {
  it('creates a connection with every default, and lists and reads it', async () => {
    const company = await signupCompany(t, 'Conn');
    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');
    const announced = nextEvent(socket, `company-${company.companyId}-whatsapp`);
    const res = await create(company, { name: 'Main line' });
    expect(res.status).toBe(201);
    // Its session starts as it is created (here WhatsApp is out of reach, so it stays opening or
    // gives up); what the session does next is not this test's business.
    const { status, qrcode, retries, updatedAt, node, ...settled } = res.body;
    expect(['OPENING', 'DISCONNECTED']).toContain(status);
    // The node running the session, while one does.
    expect([t.config.nodeId, null]).toContain(node);
    expect({ qrcode, retries, updatedAt }).toEqual({ qrcode: '', retries: 0, updatedAt: expect.any(String) });
    expect(settled).toMatchObject({
      companyId: company.companyId,
      name: 'Main line',
      isDefault: true,
      provider: 'beta',
      greetingMessage: '',
      complationMessage: '',
      outOfHoursMessage: '',
      ratingMessage: '',
      expiresInactiveMessage: '',
      expiresTicket: 0,
      timeUseBotQueues: 0,
      maxUseBotQueues: 3,
      transferQueueId: null,
      timeToTransfer: null,
      promptId: null,
      integrationId: null,
      queues: [],
      schedules: [],
    });
    expect(res.body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(await announced).toEqual({ action: 'update', whatsapp: expect.objectContaining(settled) });

    const withoutSession = ({
      status: _s,
      qrcode: _q,
      retries: _r,
      updatedAt: _u,
      node: _n,
      ...rest
    }: Record<string, unknown>) => rest;
    for (const path of ['/whatsapp', '/whatsapp/', '/whatsapp/?session=0']) {
      const list = await t.request('GET', path, { token: company.token });
      expect(list.status).toBe(200);
      expect(list.body.map(withoutSession)).toEqual([settled]);
    }
    expect(
      withoutSession((await t.request('GET', `/whatsapp/${res.body.id}?session=0`, { token: company.token })).body),
    ).toEqual(settled);
    expect(await t.request('GET', '/whatsapp/999999', { token: company.token })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_WAPP_FOUND' },
    });
    expect((await t.request('GET', '/whatsapp/abc', { token: company.token })).status).toBe(404);
  });

  it('keeps exactly one default connection', async () => {
    const company = await signupCompany(t, 'Defaults');
    const first = (await create(company, { name: 'First' })).body;
    const second = (await create(company, { name: 'Second' })).body;
    expect(second.isDefault).toBe(false);
    expect(await defaults(company)).toEqual({ [first.id]: true, [second.id]: false });

    // Setting the flag on another connection moves it, and the old default is announced too.
    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');
    const events: { whatsapp: { id: number; isDefault: boolean } }[] = [];
    socket.on(`company-${company.companyId}-whatsapp`, (e) => events.push(e));
    const third = (await create(company, { name: 'Third', isDefault: true })).body;
    expect(third.isDefault).toBe(true);
    expect(await defaults(company)).toEqual({ [first.id]: false, [second.id]: false, [third.id]: true });
    await new Promise((r) => setTimeout(r, 200));
    expect(events.map((e) => [e.whatsapp.id, e.whatsapp.isDefault]).sort()).toEqual(
      [
        [first.id, false],
        [third.id, true],
      ].sort(),
    );

    expect((await update(company, second.id, { isDefault: true })).body.isDefault).toBe(true);
    expect(await defaults(company)).toEqual({ [first.id]: false, [second.id]: true, [third.id]: false });

    // Un-setting the default would leave none; an edit that does not mention it keeps it.
    expect(await update(company, second.id, { isDefault: false })).toMatchObject({
      status: 400,
      body: { error: 'ERR_NO_OTHER_WHATSAPP' },
    });
    expect((await update(company, second.id, { name: 'Second!' })).body).toMatchObject({
      name: 'Second!',
      isDefault: true,
    });

    // Deleting the default promotes the oldest remaining connection.
    expect((await t.request('DELETE', `/whatsapp/${second.id}`, { token: company.token })).status).toBe(204);
    expect(await defaults(company)).toEqual({ [first.id]: true, [third.id]: false });
    expect((await t.request('DELETE', `/whatsapp/${third.id}`, { token: company.token })).status).toBe(204);
    expect(await defaults(company)).toEqual({ [first.id]: true });
    expect((await t.request('DELETE', `/whatsapp/${first.id}`, { token: company.token })).status).toBe(204);
    expect(await defaults(company)).toEqual({});
    // Alone again: the next one is the default.
    expect((await create(company, { name: 'Fresh' })).body.isDefault).toBe(true);
  });

  it("attaches the company's queues, and needs a greeting with more than one", async () => {
    const company = await signupCompany(t, 'ConnQueues');
    const other = await signupCompany(t, 'ConnQueuesOther');
    const sales = (
      await t.request('POST', '/queue', { token: company.token, body: { name: 'Sales', color: '#B80000' } })
    ).body;
    const help = (
      await t.request('POST', '/queue', {
        token: company.token,
        body: { name: 'Help', color: '#008B02', orderQueue: 1 },
      })
    ).body;
    const foreign = (
      await t.request('POST', '/queue', { token: other.token, body: { name: 'Xeno', color: '#1273DE' } })
    ).body;

    expect(await create(company, { name: 'Foreign', queueIds: [foreign.id] })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_QUEUE_FOUND' },
    });
    expect(await create(company, { name: 'Foreign', transferQueueId: foreign.id })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_QUEUE_FOUND' },
    });
    expect(await create(company, { name: 'Two', queueIds: [sales.id, help.id] })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_GREETING_REQUIRED' },
    });
    expect(await create(company, { name: 'Two', queueIds: [sales.id, help.id], greetingMessage: '   ' })).toMatchObject(
      { status: 400, body: { error: 'ERR_WAPP_GREETING_REQUIRED' } },
    );

    const res = await create(company, {
      name: 'Two',
      queueIds: [sales.id, help.id],
      greetingMessage: 'Choose: 1 Help, 2 Sales',
      transferQueueId: help.id,
      timeToTransfer: 30,
    });
    expect(res.status).toBe(201);
    expect(res.body.queues).toEqual([
      { id: help.id, name: 'Help', color: '#008B02' },
      { id: sales.id, name: 'Sales', color: '#B80000' },
    ]);
    expect(res.body).toMatchObject({ transferQueueId: help.id, timeToTransfer: 30 });

    // Emptying the greeting while two queues stay attached is refused; one queue needs none.
    expect(await update(company, res.body.id, { greetingMessage: '' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_GREETING_REQUIRED' },
    });
    const one = await update(company, res.body.id, { greetingMessage: '', queueIds: [sales.id] });
    expect(one.status).toBe(200);
    expect(one.body.queues.map((q: { id: number }) => q.id)).toEqual([sales.id]);
    expect(await update(company, res.body.id, { transferQueueId: foreign.id })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_QUEUE_FOUND' },
    });
  });

  it('stores every form field and the business hours with their out-of-hours message', async () => {
    const company = await signupCompany(t, 'ConnFields');
    // The company's own prompt and integration: another company's (or no one's) id is refused.
    const queue = await t.request('POST', '/queue', {
      token: company.token,
      body: { name: 'Vendas', color: '#1273DE' },
    });
    const prompt = await t.request('POST', '/prompt', {
      token: company.token,
      body: {
        name: 'Assistente',
        prompt: 'Você é a assistente da loja e responde sobre pedidos, entregas e horários de atendimento.',
        model: 'gpt-4o-mini',
        maxTokens: 100,
        temperature: 1,
        apiKey: 'sk-test-0123456789abcdef',
        queueId: queue.body.id,
        maxMessages: 10,
      },
    });
    const integration = await t.request('POST', '/queueIntegration', {
      token: company.token,
      body: { type: 'webhook', name: 'Eventos', urlN8N: 'https://hooks.example.com/atendo' },
    });
    const schedules = [
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
      { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '', endTime: '' },
    ];
    const body = {
      name: 'Everything',
      greetingMessage: 'Hello',
      complationMessage: 'Bye',
      outOfHoursMessage: 'We are closed',
      ratingMessage: 'Rate us',
      expiresInactiveMessage: 'Closed for inactivity',
      expiresTicket: 12,
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
      timeToTransfer: 10,
      promptId: prompt.body.id as number,
      integrationId: integration.body.id as number,
      schedules,
    };
    const res = await create(company, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(body);
    const read = await t.request('GET', `/whatsapp/${res.body.id}`, { token: company.token });
    expect(read.body).toMatchObject(body);
    const edited = await update(company, res.body.id, { outOfHoursMessage: 'Back at 8', schedules: [] });
    expect(edited.body).toMatchObject({ outOfHoursMessage: 'Back at 8', schedules: [], greetingMessage: 'Hello' });
  });

  it('validates the form', async () => {
    const company = await signupCompany(t, 'ConnValidation');
    const res = await create(company, {
      name: 'x',
      maxUseBotQueues: -1,
      provider: 'carrier-pigeon',
      queueIds: ['a'],
      schedules: [{ weekday: 'Mon', weekdayEn: 'funday', startTime: '25:00' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    const fields = res.body.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(['name', 'maxUseBotQueues', 'provider', 'queueIds[0]', 'schedules[0].weekdayEn']),
    );
    expect((await create(company, {})).body.fields).toEqual([
      expect.objectContaining({ field: 'name', message: 'validation.required' }),
    ]);
    const ok = (await create(company, { name: 'Ok' })).body;
    expect((await update(company, ok.id, { name: '' })).status).toBe(400);
  });

  it('gives each connection its own token', async () => {
    const company = await signupCompany(t, 'Tokens');
    const other = await signupCompany(t, 'TokensOther');
    const chosen = 'my-own-token-for-the-external-api';
    const first = await create(company, { name: 'Chosen', token: chosen });
    expect(first.body.token).toBe(chosen);
    const taken = {
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'token', message: 'validation.taken' }] },
    };
    // Another company's token answers as one of the company's own does: nothing tells them apart.
    const theirs = await create(other, { name: 'Thief', token: chosen });
    expect(theirs).toMatchObject(taken);
    const second = (await create(company, { name: 'Generated' })).body;
    expect(second.token).toMatch(/^[0-9a-f]{64}$/);
    expect(second.token).not.toBe(first.body.token);
    const own = await update(company, second.id, { token: chosen });
    expect(own).toMatchObject(taken);
    expect(own.body).toEqual(theirs.body);
    const otherLine = (await create(other, { name: 'Their line' })).body;
    expect((await update(other, otherLine.id, { token: chosen })).body).toEqual(own.body);
    expect((await update(company, first.body.id, { token: chosen, name: 'Same token' })).status).toBe(200);
    expect((await create(company, { name: 'Long', token: 'x'.repeat(65) })).body.fields[0]).toMatchObject({
      field: 'token',
      message: 'validation.tooLong',
    });
  });

  it('refuses short and unusable tokens, and generates one for an empty token', async () => {
    const company = await signupCompany(t, 'WeakTokens');
    const tooShort = {
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        fields: [{ field: 'token', message: 'validation.tooShort', params: { min: 32 } }],
      },
    };
    for (const token of ['a', '123456', 'x'.repeat(31)]) {
      expect({ token, ...(await create(company, { name: 'Weak', token })) }).toMatchObject({ token, ...tooShort });
    }
    expect(await create(company, { name: 'Spaced', token: `${'a'.repeat(20)} ${'b'.repeat(20)}` })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'token', message: 'validation.invalid' }] },
    });
    // The existing clients' form sends an empty token for "none": it gets a generated one.
    const line = await create(company, { name: 'Empty', token: '' });
    expect(line.status).toBe(201);
    expect(line.body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(await update(company, line.body.id, { token: 'short' })).toMatchObject(tooShort);
    const renewed = await update(company, line.body.id, { token: '' });
    expect(renewed.body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(renewed.body.token).not.toBe(line.body.token);
    const exact = 'k'.repeat(32);
    expect((await update(company, line.body.id, { token: exact })).body.token).toBe(exact);

    // A connection made before the minimum keeps its short token while it is sent back unchanged.
    await t.app.get(DataSource).query('UPDATE whatsapps SET token = ? WHERE id = ?', ['old-short', line.body.id]);
    const kept = await update(company, line.body.id, { name: 'Renamed', token: 'old-short' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: 'Renamed', token: 'old-short' });
  });

  it('enforces the plan limit on connections', async () => {
    const company = await signupCompany(t, 'ConnLimit');
    const plan = (await t.request('GET', `/companies/listPlan/${company.companyId}`, { token: company.token })).body
      .plan;
    expect(plan.connections).toBeGreaterThan(0);
    for (let i = 0; i < plan.connections; i++) expect((await create(company, { name: `Line ${i}` })).status).toBe(201);
    expect(await create(company, { name: 'One too many' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_PLAN_LIMIT_CONNECTIONS' },
    });
  });

  it('lets agents read connections but only admins change them or their sessions', async () => {
    const company = await signupCompany(t, 'ConnAgent');
    const line = (await create(company, { name: 'Line' })).body;
    await t.request('POST', '/users', {
      token: company.token,
      body: { name: 'Agent', email: 'agent@connagent.test', password: 'agent-pass' },
    });
    const agent = await t.login('agent@connagent.test', 'agent-pass');
    expect((await t.request('GET', '/whatsapp', { token: agent.token })).status).toBe(200);
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: agent.token })).status).toBe(200);
    for (const [method, path] of [
      ['POST', '/whatsapp'],
      ['PUT', `/whatsapp/${line.id}`],
      ['DELETE', `/whatsapp/${line.id}`],
      ['POST', `/whatsappsession/${line.id}`],
      ['PUT', `/whatsappsession/${line.id}`],
      ['DELETE', `/whatsappsession/${line.id}`],
      ['POST', `/sandbox/connections/${line.id}/scan`],
      ['POST', `/sandbox/connections/${line.id}/messages`],
      ['PUT', '/sandbox/numbers/5511999999999'],
    ]) {
      expect({
        method,
        path,
        ...(await t.request(method, path, { token: agent.token, body: { name: 'Nope' } })),
      }).toMatchObject({
        method,
        path,
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
    }
  });

  it('shows and tells the send-API token only to those who may manage connections', async () => {
    const company = await signupCompany(t, 'ConnTokens');
    const line = (await create(company, { name: 'Line' })).body;
    expect(line.token).toMatch(/^[0-9a-f]{64}$/);
    const people: Record<string, string> = {};
    const ids: Record<string, number> = {};
    for (const profile of ['user', 'supervisor'] as const) {
      const email = `${profile}@conntokens.test`;
      const made = await t.request('POST', '/users', {
        token: company.token,
        body: { name: profile, email, password: 'agent-pass', profile },
      });
      ids[profile] = made.body.id;
      people[profile] = (await t.login(email, 'agent-pass')).token;
    }
    for (const [profile, token] of Object.entries(people)) {
      const list = await t.request('GET', '/whatsapp', { token });
      expect({ profile, status: list.status, token: list.body[0].token }).toEqual({ profile, status: 200 });
      expect(list.body[0]).toMatchObject({ id: line.id, name: 'Line' });
      const one = await t.request('GET', `/whatsapp/${line.id}`, { token });
      expect({ profile, read: one.body.name, token: one.body.token }).toEqual({ profile, read: 'Line' });
    }
    expect((await t.request('GET', '/whatsapp', { token: company.token })).body[0].token).toBe(line.token);
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: company.token })).body.token).toBe(line.token);

    const sockets = Object.fromEntries(
      [...Object.entries(people), ['admin', company.token]].map(([profile, token]) => [profile, t.socket(token)]),
    );
    await Promise.all(Object.values(sockets).map((socket) => nextEvent(socket, 'ready')));
    const heard = Object.fromEntries(
      Object.entries(sockets).map(([profile, socket]) => [
        profile,
        nextEvent(socket, `company-${company.companyId}-whatsapp`),
      ]),
    );
    await update(company, line.id, { name: 'Line 2' });
    for (const profile of ['user', 'supervisor']) {
      const event = await heard[profile];
      expect({ profile, name: event.whatsapp.name, token: event.whatsapp.token }).toEqual({ profile, name: 'Line 2' });
    }
    expect((await heard.admin).whatsapp).toMatchObject({ name: 'Line 2', token: line.token });

    // Made an admin, the agent's open socket hears the token from then on (and only once).
    const promotion = await t.request('PUT', `/users/${ids.user}`, {
      token: company.token,
      body: { name: 'user', email: 'user@conntokens.test', profile: 'admin' },
    });
    expect(promotion.status).toBe(200);
    const promoted: unknown[] = [];
    sockets.user.on(`company-${company.companyId}-whatsapp`, (event: unknown) => promoted.push(event));
    await update(company, line.id, { name: 'Line 3' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(promoted).toEqual([{ action: 'update', whatsapp: expect.objectContaining({ token: line.token }) }]);
  });

  it("answers 404 for another company's connection on every route, and tells only its own sockets", async () => {
    const owner = await signupCompany(t, 'ConnOwner');
    const intruder = await signupCompany(t, 'ConnIntruder');
    const line = (await create(owner, { name: 'Private', provider: 'sandbox' })).body;
    // Created, its session started: the simulated network shows a QR code to scan.
    expect(line.status).toBe('qrcode');
    const intruderSocket = t.socket(intruder.token);
    await nextEvent(intruderSocket, 'ready');
    const leaked = receives(intruderSocket, `company-${owner.companyId}-whatsapp`, 800);
    const leakedOwn = receives(intruderSocket, `company-${intruder.companyId}-whatsapp`, 800);
    for (const [method, path, body] of [
      ['GET', `/whatsapp/${line.id}`],
      ['PUT', `/whatsapp/${line.id}`, { name: 'Mine now' }],
      ['DELETE', `/whatsapp/${line.id}`],
      ['POST', `/whatsappsession/${line.id}`],
      ['PUT', `/whatsappsession/${line.id}`],
      ['DELETE', `/whatsappsession/${line.id}`],
      ['POST', `/sandbox/connections/${line.id}/scan`, {}],
      ['POST', `/sandbox/connections/${line.id}/messages`, { from: '5511912345678', body: 'hi' }],
    ] as const) {
      expect({ method, path, ...(await t.request(method, path, { token: intruder.token, body })) }).toMatchObject({
        method,
        path,
        status: 404,
        body: { error: 'ERR_NO_WAPP_FOUND' },
      });
    }
    // The connection is untouched and still the owner's.
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: owner.token })).body).toMatchObject({
      name: 'Private',
      status: 'qrcode',
    });
    await update(owner, line.id, { name: 'Private 2' });
    expect(await leaked).toBe(false);
    expect(await leakedOwn).toBe(false);
    // A connection that is not a sandbox one is not the sandbox's to drive.
    const real = (await create(owner, { name: 'Real' })).body;
    expect(
      (await t.request('POST', `/sandbox/connections/${real.id}/scan`, { token: owner.token, body: {} })).body,
    ).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
  });

  it('deletes a connection with its auth state and announces it', async () => {
    const company = await signupCompany(t, 'ConnDelete');
    const line = (await create(company, { name: 'Doomed' })).body;
    const keys = t.app.get(DataSource).getRepository(WhatsappAuthKeyEntity);
    await keys.insert({ whatsappId: line.id, type: 'creds', keyId: 'x', value: '{}' });
    const socket = t.socket(company.token);
    await nextEvent(socket, 'ready');
    const announced = nextEvent(socket, `company-${company.companyId}-whatsapp`);
    expect((await t.request('DELETE', `/whatsapp/${line.id}`, { token: company.token })).status).toBe(204);
    expect(await announced).toEqual({ action: 'delete', whatsappId: line.id });
    expect(await keys.countBy({ whatsappId: line.id })).toBe(0);
    expect((await t.request('GET', `/whatsapp/${line.id}`, { token: company.token })).status).toBe(404);
  });

  it('refuses sandbox connections when the sandbox is off, and has no sandbox routes then', async () => {
    const off = await startTestApp({ SANDBOX: 'false' });
    try {
      const company = await signupCompany(off, 'NoSandbox');
      expect(
        await off.request('POST', '/whatsapp', { token: company.token, body: { name: 'Sim', provider: 'sandbox' } }),
      ).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'provider' }] } });
      expect(
        (
          await off.request('PUT', '/sandbox/numbers/5511999999999', {
            token: company.token,
            body: { onWhatsApp: false },
          })
        ).status,
      ).toBe(404);
    } finally {
      await off.close();
    }
  });
});
