import { rooms } from '@atendo/shared';
import type { Server } from 'socket.io';
import { nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof signupCompany>>;
let b: Awaited<ReturnType<typeof signupCompany>>;
let aQueue: number;
let aAgent: number;

beforeAll(async () => {
  t = await startTestApp();
  a = await signupCompany(t, 'Alpha');
  b = await signupCompany(t, 'Bravo');
  aQueue = (await t.request('POST', '/queue', { token: a.token, body: { name: 'Alpha queue', color: '#008B02' } })).body
    .id;
  aAgent = (
    await t.request('POST', '/users', {
      token: a.token,
      body: { name: 'Alpha agent', email: 'agent@alpha.test', password: 'agent-pass', queueIds: [aQueue] },
    })
  ).body.id;
});
afterAll(() => t.close());

describe("another company's records answer 404, exactly like missing ones", () => {
  const queueBody = { name: 'Hijack', color: '#000000' };
  const userBody = { name: 'Hijack', email: 'hijack@bravo.test' };

  it.each([
    ['GET', () => `/users/${aAgent}`, undefined, 'ERR_NO_USER_FOUND'],
    ['PUT', () => `/users/${aAgent}`, userBody, 'ERR_NO_USER_FOUND'],
    ['DELETE', () => `/users/${aAgent}`, undefined, 'ERR_NO_USER_FOUND'],
    ['GET', () => `/queue/${aQueue}`, undefined, 'ERR_NO_QUEUE_FOUND'],
    ['PUT', () => `/queue/${aQueue}`, queueBody, 'ERR_NO_QUEUE_FOUND'],
    ['DELETE', () => `/queue/${aQueue}`, undefined, 'ERR_NO_QUEUE_FOUND'],
    ['GET', () => `/companies/listPlan/${a.companyId}`, undefined, 'ERR_NO_COMPANY_FOUND'],
  ])('%s %s', async (method, path, body, code) => {
    const foreign = await t.request(method, path(), { token: b.token, body });
    const missing = await t.request(method, path().replace(/\d+$/, '987654'), { token: b.token, body });
    expect(foreign).toMatchObject({ status: 404, body: { error: code } });
    expect(missing).toMatchObject({ status: 404, body: { error: code } });
  });

  it("lists only the own company's users and queues", async () => {
    const users = await t.request('GET', '/users/', { token: b.token });
    expect(users.body.users.every((u: { companyId: number }) => u.companyId === b.companyId)).toBe(true);
    const queues = await t.request('GET', '/queue', { token: b.token });
    expect(queues.body).toEqual([]);
    const settings = await t.request('GET', '/settings', { token: b.token });
    await t.request('PUT', '/settings/userRating', { token: a.token, body: { value: 'enabled' } });
    expect(await t.request('GET', '/settings', { token: b.token })).toMatchObject({ body: settings.body });
    expect((await t.request('GET', `/queue/${aQueue}`, { token: a.token })).status).toBe(200);
  });

  it('ignores a company id sent in the body', async () => {
    const res = await t.request('POST', '/queue', {
      token: b.token,
      body: { name: 'Mine', color: '#FFFFFF', companyId: a.companyId },
    });
    expect(res.body.companyId).toBe(b.companyId);
  });
});

describe('sockets stay inside their company', () => {
  it("never receive another company's events, whatever they ask to join", async () => {
    const bSocket = t.socket(b.token);
    await nextEvent(bSocket, 'ready');
    // Asking for A's ticket, status and notification rooms only ever joins B's own rooms.
    bSocket.emit('joinChatBox', 1);
    bSocket.emit('joinTickets', 'pending');
    bSocket.emit('joinNotification');
    const aSocket = t.socket(a.token);
    await nextEvent(aSocket, 'ready');

    const bHearsA = receives(bSocket, `company-${a.companyId}-user`, 800);
    const aHears = nextEvent(aSocket, `company-${a.companyId}-user`);
    await t.request('PUT', `/users/${aAgent}`, {
      token: a.token,
      body: { name: 'Renamed', email: 'agent@alpha.test' },
    });
    expect((await aHears).user.name).toBe('Renamed');
    expect(await bHearsA).toBe(false);

    const { RealtimeService } = await import('../src/modules/realtime/realtime.service.js');
    const realtime = t.app.get(RealtimeService);
    const bHearsTicket = receives(bSocket, `company-${a.companyId}-ticket`, 800);
    realtime.toRoom(rooms.ticket(a.companyId, 1), a.companyId, 'ticket', { action: 'delete', ticketId: 1 });
    realtime.toRoom(rooms.status(a.companyId, 'pending'), a.companyId, 'ticket', { action: 'delete', ticketId: 1 });
    realtime.toRoom(rooms.notification(a.companyId), a.companyId, 'ticket', { action: 'delete', ticketId: 1 });
    expect(await bHearsTicket).toBe(false);
  });

  it('joins the user, session, queue and admin rooms of its own company only', async () => {
    const agent = await t.login('agent@alpha.test', 'agent-pass');
    const socket = t.socket(agent.token);
    await nextEvent(socket, 'ready');
    const { RealtimeService } = await import('../src/modules/realtime/realtime.service.js');
    const io = t.app.get(RealtimeService) as unknown as { server: Server };
    const [serverSocket] = await io.server.in(rooms.user(a.companyId, agent.user.id)).fetchSockets();
    expect(serverSocket).toBeDefined();
    const joined = [...serverSocket.rooms].filter((room) => room !== serverSocket.id);
    expect(joined.every((room) => room.startsWith(`company:${a.companyId}`))).toBe(true);
    expect(joined).toEqual(expect.arrayContaining([rooms.company(a.companyId), rooms.queue(a.companyId, aQueue)]));
    expect(joined).not.toContain(rooms.allTickets(a.companyId));
  });

  it('refuses a socket without a valid token', async () => {
    const socket = t.socket('not-a-token');
    const error = await nextEvent<Error & { data?: { error: string } }>(socket, 'connect_error');
    expect(error.message).toBe('ERR_INVALID_TOKEN');
  });
});
