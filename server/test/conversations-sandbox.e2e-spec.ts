import { DataSource } from 'typeorm';
import { MessageEntity } from '../src/modules/conversations/entities/message.entity.js';
import { TicketEntity } from '../src/modules/conversations/entities/ticket.entity.js';
import { connected, settle } from './support/conversations.js';
import { nextEvent, signupCompany, startTestApp, type TestApp } from './support/test-app.js';

// The whole way round on the real gateway: the sandbox network delivers, the pipeline stores, the
// agent answers through OUTBOUND_PORT, and the sandbox's acks come back as message updates.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SANDBOX: 'true', SANDBOX_ACK_INTERVAL_MS: '20' });
}, 60_000);
afterAll(() => t.close());

it('a sandbox customer writes, the agent sees it live, accepts, answers and sees the ticks advance', async () => {
  const company = await signupCompany(t, 'Roundtrip');
  const queue = await t.request('POST', '/queue', { token: company.token, body: { name: 'Desk', color: '#123456' } });
  const line = await t.request('POST', '/whatsapp', {
    token: company.token,
    body: { name: 'Sandbox line', provider: 'sandbox', queueIds: [queue.body.id] },
  });
  expect(line.status).toBe(201);
  await t.request('POST', `/whatsappsession/${line.body.id}`, { token: company.token });
  await t.request('POST', `/sandbox/connections/${line.body.id}/scan`, { token: company.token, body: {} });
  await settle(200);

  const socket = await connected(t.socket(company.token));
  const arrival = nextEvent(socket, `company-${company.companyId}-appMessage`, 5000);
  const injected = await t.request('POST', `/sandbox/connections/${line.body.id}/messages`, {
    token: company.token,
    body: { from: '5511977770001', name: 'Sandra', body: 'Olá!' },
  });
  expect(injected.status).toBeLessThan(300);
  const created = await arrival;
  expect(created).toMatchObject({
    action: 'create',
    message: { body: 'Olá!', fromMe: false },
    ticket: { status: 'pending', queueId: queue.body.id, contact: { name: 'Sandra', number: '5511977770001' } },
  });

  const ticketId = created.ticket.id as number;
  await t.request('PUT', `/tickets/${ticketId}`, { token: company.token, body: { status: 'open' } });
  const ticks: number[] = [];
  socket.on(
    `company-${company.companyId}-appMessage`,
    (e: { action: string; message: { ack: number; body: string } }) => {
      if (e.action === 'update' && e.message.body === 'Como posso ajudar?') ticks.push(e.message.ack);
    },
  );
  const sent = await t.request('POST', `/messages/${ticketId}`, {
    token: company.token,
    body: { body: 'Como posso ajudar?' },
  });
  expect(sent.body).toMatchObject({ fromMe: true, ack: 1 });
  for (let i = 0; i < 50 && !ticks.includes(4); i += 1) await settle(50);
  expect(ticks).toEqual([...ticks].sort());
  expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(3);

  const db = t.app.get(DataSource);
  const stored = await db.getRepository(MessageEntity).findBy({ ticketId });
  expect(stored).toHaveLength(2);
  expect(await db.getRepository(TicketEntity).countBy({ companyId: company.companyId })).toBe(1);
}, 60_000);
