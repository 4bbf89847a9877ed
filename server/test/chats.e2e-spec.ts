import { randomBytes } from 'node:crypto';
import { collect, connected, settle } from './support/conversations.js';
import { ADMIN, nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

type Member = { id: number; name: string; token: string };

/** A company's admin and `names.length` users of profile user, each signed in. */
async function team(company: string, names: string[]) {
  const admin = await signupCompany(t, company);
  const members: Member[] = [];
  for (const name of names) {
    const email = `${name.toLowerCase()}.${randomBytes(3).toString('hex')}@chats.test`;
    const res = await t.request('POST', '/users', {
      token: admin.token,
      body: { name, email, password: 'member-pass', profile: 'user', queueIds: [] },
    });
    if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
    members.push({ id: res.body.id, name, token: (await t.login(email, 'member-pass')).token });
  }
  return {
    companyId: admin.companyId,
    admin: { id: admin.user.id as number, name: admin.user.name, token: admin.token },
    members,
  };
}

const call = (method: string, url: string, token: string, body?: unknown) => t.request(method, url, { token, body });
const unreadsOf = (chat: { users: { userId: number; unreads: number }[] }) =>
  Object.fromEntries(chat.users.map((m) => [m.userId, m.unreads]));

describe('internal chat', () => {
  it('creates a chat its members list and open (by id or uuid); to anyone else it does not exist', async () => {
    const co = await team('Chatting', ['Ana', 'Bruno', 'Carla']);
    const [ana, bruno, carla] = co.members;
    const created = await call('POST', '/chats', co.admin.token, {
      title: '  Plantão  ',
      users: [{ id: ana.id }, { id: bruno.id }, { id: ana.id }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Plantão',
      ownerId: co.admin.id,
      lastMessage: '',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      users: [
        { userId: co.admin.id, unreads: 0, user: { id: co.admin.id, name: co.admin.name } },
        { userId: ana.id, unreads: 0, user: { id: ana.id, name: 'Ana' } },
        { userId: bruno.id, unreads: 0, user: { id: bruno.id, name: 'Bruno' } },
      ],
    });
    const chat = created.body;

    // The family's client asks with searchParam and pageNumber; each member sees it.
    const listed = await call('GET', '/chats?searchParam=&pageNumber=1', ana.token);
    expect(listed).toMatchObject({
      status: 200,
      body: { records: [{ id: chat.id, title: 'Plantão' }], hasMore: false },
    });
    expect((await call('GET', `/chats/${chat.uuid}`, bruno.token)).body).toEqual(chat);
    expect((await call('GET', `/chats/${chat.id}`, bruno.token)).body).toEqual(chat);
    expect((await call('GET', '/chats?searchParam=plant', bruno.token)).body.records).toHaveLength(1);
    expect((await call('GET', '/chats?searchParam=outro', bruno.token)).body.records).toHaveLength(0);

    // Carla is of the same company but no member: no chat in her list, and every call is a 404.
    expect((await call('GET', '/chats', carla.token)).body).toEqual({ records: [], hasMore: false });
    const other = await signupCompany(t, 'Elsewhere');
    for (const token of [carla.token, other.token]) {
      for (const [method, url, body] of [
        ['GET', `/chats/${chat.id}`],
        ['GET', `/chats/${chat.uuid}`],
        ['PUT', `/chats/${chat.id}`, { title: 'Tomado', users: [{ id: ana.id }] }],
        ['DELETE', `/chats/${chat.id}`],
        ['POST', `/chats/${chat.id}/read`, { userId: 1 }],
        ['GET', `/chats/${chat.id}/messages?pageNumber=1`],
        ['POST', `/chats/${chat.id}/messages`, { message: 'Oi' }],
      ] as const) {
        expect(await call(method, url, token, body)).toMatchObject({
          status: 404,
          body: { error: 'ERR_NO_CHAT_FOUND' },
        });
      }
    }
    expect(await call('GET', '/chats/not-a-chat', ana.token)).toMatchObject({ status: 404 });
    expect((await call('GET', `/chats/${chat.id}/messages`, ana.token)).body).toEqual({ records: [], hasMore: false });

    // Latest activity first: a message brings the older chat back to the top.
    const later = (await call('POST', '/chats', ana.token, { title: 'Depois', users: [{ id: carla.id }] })).body;
    const order = async () => (await call('GET', '/chats', ana.token)).body.records.map((c: { id: number }) => c.id);
    expect(await order()).toEqual([later.id, chat.id]);
    await call('POST', `/chats/${chat.id}/messages`, bruno.token, { message: 'Voltei' });
    expect(await order()).toEqual([chat.id, later.id]);
  });

  it('names the field of bad input, and refuses another company’s users', async () => {
    const co = await team('Checking', ['Dora']);
    const other = await team('Foreign', ['Eli']);
    const [dora] = co.members;
    const [eli] = other.members;
    expect(await call('POST', '/chats', co.admin.token, { title: ' ', users: [] })).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        fields: expect.arrayContaining([
          { field: 'title', message: 'validation.required' },
          { field: 'users', message: 'validation.atLeastOne' },
        ]),
      },
    });
    expect(
      await call('POST', '/chats', co.admin.token, { title: 'x'.repeat(101), users: [{ id: dora.id }] }),
    ).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'title', message: 'validation.tooLong', params: { max: 100 } }] },
    });
    expect(
      await call('POST', '/chats', co.admin.token, { title: 'Mista', users: [{ id: dora.id }, { id: eli.id }] }),
    ).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ field: 'users[1].id', message: 'validation.oneOf' }] },
    });
    expect((await call('GET', '/chats', co.admin.token)).body.records).toEqual([]);

    const chat = (await call('POST', '/chats', co.admin.token, { title: 'Sala', users: [{ id: dora.id }] })).body;
    expect(await call('POST', `/chats/${chat.id}/messages`, dora.token, { message: '   ' })).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'message', message: 'validation.required' }] },
    });
    expect(await call('POST', `/chats/${chat.id}/messages`, dora.token, { message: 'a'.repeat(10_001) })).toMatchObject(
      {
        status: 400,
        body: { fields: [{ field: 'message', message: 'validation.tooLong', params: { max: 10_000 } }] },
      },
    );
    expect(await call('GET', `/chats/${chat.id}/messages?pageNumber=0`, dora.token)).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'pageNumber' }] },
    });
    expect(
      await call('PUT', `/chats/${chat.id}`, co.admin.token, { title: 'Sala', users: [{ id: eli.id }] }),
    ).toMatchObject({
      status: 400,
      body: { fields: [{ field: 'users[0].id', message: 'validation.oneOf' }] },
    });
  });

  it('pages messages newest first, counts unreads per other member (at once too) and clears them on read', async () => {
    const co = await team('Counting', ['Fabi', 'Gus']);
    const [fabi, gus] = co.members;
    const chat = (
      await call('POST', '/chats', co.admin.token, { title: 'Contas', users: [{ id: fabi.id }, { id: gus.id }] })
    ).body;
    for (let i = 1; i <= 23; i += 1) {
      const sent = await call('POST', `/chats/${chat.id}/messages`, co.admin.token, { message: `Mensagem ${i}` });
      expect(sent.status).toBe(201);
    }
    const first = await call('GET', `/chats/${chat.id}/messages?pageNumber=1`, fabi.token);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.records.map((m: { message: string }) => m.message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Mensagem ${23 - i}`),
    );
    expect(first.body.records[0]).toMatchObject({
      chatId: chat.id,
      senderId: co.admin.id,
      sender: { id: co.admin.id, name: co.admin.name },
      createdAt: expect.any(String),
    });
    const second = await call('GET', `/chats/${chat.id}/messages?pageNumber=2`, fabi.token);
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.records.map((m: { message: string }) => m.message)).toEqual([
      'Mensagem 3',
      'Mensagem 2',
      'Mensagem 1',
    ]);

    let shown = (await call('GET', `/chats/${chat.uuid}`, gus.token)).body;
    expect(shown.lastMessage).toBe('Mensagem 23');
    expect(unreadsOf(shown)).toEqual({ [co.admin.id]: 0, [fabi.id]: 23, [gus.id]: 23 });

    // Two members writing at the same moment: every message counts once for each other member.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', `/chats/${chat.id}/messages`, i % 2 ? fabi.token : gus.token, { message: `Junto ${i}` }),
      ),
    );
    shown = (await call('GET', `/chats/${chat.id}`, co.admin.token)).body;
    expect(unreadsOf(shown)[co.admin.id]).toBe(10);
    const fabiUnread = unreadsOf(shown)[fabi.id];
    const gusUnread = unreadsOf(shown)[gus.id];
    // Each sender's own count went to 0 when they wrote; the other's messages after that count.
    expect(fabiUnread + gusUnread).toBeLessThanOrEqual(10);
    const messages = (await call('GET', `/chats/${chat.id}/messages`, co.admin.token)).body.records as {
      senderId: number;
    }[];
    const afterLast = (senderId: number) =>
      messages.slice(
        0,
        messages.findIndex((m) => m.senderId === senderId),
      );
    expect(fabiUnread).toBe(afterLast(fabi.id).length);
    expect(gusUnread).toBe(afterLast(gus.id).length);

    // The long message's preview is cut on whole characters.
    await call('POST', `/chats/${chat.id}/messages`, gus.token, { message: `${'😀'.repeat(300)}` });
    expect(Array.from((await call('GET', `/chats/${chat.id}`, gus.token)).body.lastMessage as string)).toHaveLength(
      255,
    );

    // The unread filter of the top bar's popover, then the read that clears only the reader's count.
    expect((await call('GET', '/chats?unread=true', fabi.token)).body.records.map((c: { id: number }) => c.id)).toEqual(
      [chat.id],
    );
    const read = await call('POST', `/chats/${chat.id}/read`, fabi.token, { userId: fabi.id });
    expect(read.status).toBe(200);
    expect(unreadsOf(read.body)[fabi.id]).toBe(0);
    expect(unreadsOf(read.body)[co.admin.id]).toBe(11);
    expect((await call('GET', '/chats?unread=true', fabi.token)).body.records).toEqual([]);
    expect((await call('GET', '/chats?unread=maybe', fabi.token)).body).toMatchObject({
      fields: [{ field: 'unread' }],
    });
  });

  it('lets only the owner rename, change members and delete; the others get a 404 that keeps them signed in', async () => {
    const co = await team('Owning', ['Hugo', 'Iris', 'Jonas']);
    const [hugo, iris, jonas] = co.members;
    const chat = (
      await call('POST', '/chats', hugo.token, { title: 'Do Hugo', users: [{ id: iris.id }, { id: jonas.id }] })
    ).body;
    await call('POST', `/chats/${chat.id}/messages`, hugo.token, { message: 'Bom dia' });

    for (const [method, body] of [
      ['PUT', { title: 'Da Iris', users: [{ id: hugo.id }] }],
      ['DELETE', undefined],
    ] as const) {
      expect(await call(method, `/chats/${chat.id}`, iris.token, body)).toMatchObject({
        status: 404,
        body: { error: 'ERR_CHAT_OWNER_ONLY' },
      });
    }
    // Not signed out: the same token still works (a 403 would have made the old client drop it).
    expect((await call('GET', `/chats/${chat.id}`, iris.token)).status).toBe(200);

    const edited = await call('PUT', `/chats/${chat.id}`, hugo.token, {
      title: 'Renomeado',
      users: [{ id: iris.id }, { id: co.admin.id }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Renomeado', ownerId: hugo.id });
    // Iris stays with her unread message; the admin joins with none; Jonas is out.
    expect(unreadsOf(edited.body)).toEqual({ [hugo.id]: 0, [iris.id]: 1, [co.admin.id]: 0 });
    expect(await call('GET', `/chats/${chat.id}`, jonas.token)).toMatchObject({ status: 404 });

    expect((await call('DELETE', `/chats/${chat.id}`, hugo.token)).status).toBe(204);
    expect(await call('GET', `/chats/${chat.id}`, iris.token)).toMatchObject({ status: 404 });
    expect(await call('GET', `/chats/${chat.id}/messages`, hugo.token)).toMatchObject({ status: 404 });
  });

  it('keeps a chat whose owner was deleted: messages lose their sender, and a member takes it over by editing it', async () => {
    const co = await team('Leaving', ['Kai', 'Lia']);
    const [kai, lia] = co.members;
    const chat = (await call('POST', '/chats', kai.token, { title: 'Herança', users: [{ id: lia.id }] })).body;
    await call('POST', `/chats/${chat.id}/messages`, kai.token, { message: 'Até logo' });
    expect((await call('DELETE', `/users/${kai.id}`, co.admin.token)).status).toBeLessThan(300);

    const orphan = (await call('GET', `/chats/${chat.id}`, lia.token)).body;
    expect(orphan).toMatchObject({ ownerId: null, users: [{ userId: lia.id }] });
    expect((await call('GET', `/chats/${chat.id}/messages`, lia.token)).body.records).toEqual([
      expect.objectContaining({ message: 'Até logo', senderId: null, sender: null }),
    ]);
    const adopted = await call('PUT', `/chats/${chat.id}`, lia.token, {
      title: 'Herança',
      users: [{ id: co.admin.id }],
    });
    expect(adopted.body).toMatchObject({ ownerId: lia.id, users: [{ userId: lia.id }, { userId: co.admin.id }] });
  });

  it("sends each event to the chat's members only, not to the rest of the company", async () => {
    const co = await team('Hearing', ['Mia', 'Noah', 'Olga']);
    const [mia, noah, olga] = co.members;
    const outsider = await signupCompany(t, 'Deaf');
    const event = `company-${co.companyId}-chat`;
    const miaSocket = await connected(t.socket(mia.token));
    const noahSocket = await connected(t.socket(noah.token));
    const olgaSocket = await connected(t.socket(olga.token));
    const adminSocket = await connected(t.socket(co.admin.token));
    const outsiderSocket = await connected(t.socket(outsider.token));
    const olgaHeard = collect(olgaSocket, event);
    const adminHeard = collect(adminSocket, event);
    const outsiderHeard = collect(outsiderSocket, `company-${outsider.companyId}-chat`);

    const created = nextEvent(noahSocket, event);
    const chat = (await call('POST', '/chats', mia.token, { title: 'Só nós', users: [{ id: noah.id }] })).body;
    expect(await created).toEqual({ action: 'create', chat });

    const arrived = nextEvent(noahSocket, event);
    const echoed = nextEvent(miaSocket, event);
    const sent = (await call('POST', `/chats/${chat.id}/messages`, mia.token, { message: 'Segredo' })).body;
    const heard = await arrived;
    expect(heard).toMatchObject({
      action: 'new-message',
      chatId: chat.id,
      newMessage: sent,
      chat: { lastMessage: 'Segredo' },
    });
    expect(unreadsOf(heard.chat)).toEqual({ [mia.id]: 0, [noah.id]: 1 });
    expect((await echoed).action).toBe('new-message');

    const cleared = nextEvent(miaSocket, event);
    await call('POST', `/chats/${chat.id}/read`, noah.token);
    expect(unreadsOf((await cleared).chat)).toEqual({ [mia.id]: 0, [noah.id]: 0 });
    // A chat already read: no write, no event.
    expect(await Promise.all([receives(miaSocket, event), call('POST', `/chats/${chat.id}/read`, noah.token)])).toEqual(
      [false, expect.objectContaining({ status: 200 })],
    );

    // Olga joins: she hears the update from then on; Noah, taken out, hears the chat is gone.
    const olgaJoined = nextEvent(olgaSocket, event);
    const noahLeft = nextEvent(noahSocket, event);
    await call('PUT', `/chats/${chat.id}`, mia.token, { title: 'Só nós', users: [{ id: olga.id }] });
    expect((await olgaJoined).action).toBe('update');
    expect(await noahLeft).toEqual({ action: 'delete', chatId: chat.id, id: chat.id });

    const deleted = nextEvent(olgaSocket, event);
    await call('DELETE', `/chats/${chat.id}`, mia.token);
    expect(await deleted).toEqual({ action: 'delete', chatId: chat.id, id: chat.id });

    await settle();
    // Before joining, Olga heard nothing; the admin, of the same company, never did; nor another company.
    expect(olgaHeard.map((p) => p.action)).toEqual(['update', 'delete']);
    expect(adminHeard).toEqual([]);
    expect(outsiderHeard).toEqual([]);
  });

  it('answers 403 ERR_NO_PERMISSION on every call when the plan lacks the internal chat', async () => {
    const superToken = (await t.login(ADMIN.email, ADMIN.password)).token;
    const plan = await call('POST', '/plans', superToken, {
      name: `No chat ${randomBytes(2).toString('hex')}`,
      useInternalChat: false,
    });
    const email = `nochat.${randomBytes(3).toString('hex')}@chats.test`;
    const company = await call('POST', '/companies', superToken, {
      name: 'Sem chat',
      email,
      password: 'admin-pass',
      planId: plan.body.id,
    });
    expect(company.status).toBe(201);
    const token = (await t.login(email, 'admin-pass')).token;
    for (const [method, url, body] of [
      ['GET', '/chats'],
      ['POST', '/chats', { title: 'Nada', users: [{ id: 1 }] }],
      ['GET', '/chats/1'],
      ['PUT', '/chats/1', { title: 'Nada', users: [{ id: 1 }] }],
      ['DELETE', '/chats/1'],
      ['POST', '/chats/1/read'],
      ['GET', '/chats/1/messages'],
      ['POST', '/chats/1/messages', { message: 'Oi' }],
    ] as const) {
      expect(await call(method, url, token, body)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
  });
});
