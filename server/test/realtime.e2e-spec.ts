import { jest } from '@jest/globals';
import { rooms } from '@atendo/shared';
import type { Server } from 'socket.io';
import { DataSource } from 'typeorm';
import { RealtimeService } from '../src/modules/realtime/realtime.service.js';
import { SessionsService } from '../src/modules/sessions/sessions.service.js';
import { UserEntity } from '../src/modules/users/entities/user.entity.js';
import { nextEvent, receives, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const until = async (check: () => Promise<boolean>, ms = 3000) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

it('handles the messages authenticated sockets send (userStatus marks the agent online)', async () => {
  const company = await signupCompany(t, 'Presence');
  const socket = t.socket(company.token);
  await nextEvent(socket, 'ready');
  const users = t.app.get(DataSource).getRepository(UserEntity);
  expect((await users.findOneByOrFail({ id: company.user.id })).lastSeenAt).toBeNull();
  socket.emit('userStatus');
  await until(async () => (await users.findOneByOrFail({ id: company.user.id })).lastSeenAt !== null);
});

it('joins the notification room on request', async () => {
  const company = await signupCompany(t, 'Notify');
  const socket = t.socket(company.token);
  await nextEvent(socket, 'ready');
  socket.emit('joinNotification');
  const io = (t.app.get(RealtimeService) as unknown as { server: Server }).server;
  await until(async () => (await io.in(rooms.notification(company.companyId)).fetchSockets()).length === 1);
});

/** The session id inside an access token. */
const sessionOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;

it('drops a socket whose session ended while it was joining its rooms', async () => {
  const company = await signupCompany(t, 'JoinRace');
  // The session ends after the handshake accepted the token and before the socket is in its rooms,
  // so the end's announcement to the session's room cannot reach it.
  const users = t.app.get(DataSource).getRepository(UserEntity);
  const findOne = users.findOne.bind(users);
  jest.spyOn(users, 'findOne').mockImplementationOnce(async (options) => {
    await t.app.get(SessionsService).revoke(sessionOf(company.token), company.companyId, 'logout');
    return findOne(options);
  });
  const socket = t.socket(company.token);
  const dropped = nextEvent(socket, 'disconnect');
  const ready = receives(socket, 'ready', 1000);
  await dropped;
  expect(await ready).toBe(false);
});

it('drops a socket whose session ended unheard when it asks to join a room', async () => {
  const company = await signupCompany(t, 'JoinLate');
  const socket = t.socket(company.token);
  await nextEvent(socket, 'ready');
  // The end does not reach the socket (as when it was announced while Redis was away).
  jest.spyOn(t.app.get(RealtimeService), 'disconnectSession').mockImplementationOnce(() => undefined);
  await t.app.get(SessionsService).revoke(sessionOf(company.token), company.companyId, 'logout');
  expect(socket.connected).toBe(true);

  const dropped = nextEvent(socket, 'disconnect');
  socket.emit('joinTickets', 'open');
  await dropped;
  const io = (t.app.get(RealtimeService) as unknown as { server: Server }).server;
  expect(await io.in(rooms.status(company.companyId, 'open')).fetchSockets()).toHaveLength(0);
});
