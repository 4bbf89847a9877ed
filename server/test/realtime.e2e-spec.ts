import { DataSource } from 'typeorm';
import { UserEntity } from '../src/modules/users/entities/user.entity.js';
import { nextEvent, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

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
  const { RealtimeService } = await import('../src/modules/realtime/realtime.service.js');
  const { rooms } = await import('@atendo/shared');
  const io = (t.app.get(RealtimeService) as unknown as { server: import('socket.io').Server }).server;
  await until(async () => (await io.in(rooms.notification(company.companyId)).fetchSockets()).length === 1);
});
