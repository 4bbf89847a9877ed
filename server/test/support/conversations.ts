import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import {
  INBOUND_SINK,
  type AddressBookEntry,
  type InboundMessage,
  type InboundSink,
  type OutboundMedia,
  type OutboundPort,
  type PeerRef,
  type SendOptions,
} from '../../src/modules/gateway/gateway.types.js';
import { Outbound } from '../../src/modules/conversations/outbound.js';
import { WhatsappEntity } from '../../src/modules/whatsapp/entities/whatsapp.entity.js';
import { signupCompany, startTestApp, type TestApp } from './test-app.js';

/** Records what the conversation core sends, answering like a live session would. */
export class RecordingPort implements OutboundPort {
  readonly sent: { whatsappId: number; to: PeerRef; body: string; media?: OutboundMedia; options?: SendOptions }[] = [];
  readonly deleted: string[] = [];
  private next = 0;

  async sendText(whatsappId: number, to: PeerRef, body: string, options?: SendOptions) {
    this.sent.push({ whatsappId, to, body, options });
    return { providerId: `OUT-${++this.next}-${randomBytes(3).toString('hex')}`, timestamp: new Date() };
  }

  async sendMedia(whatsappId: number, to: PeerRef, media: OutboundMedia, options?: SendOptions) {
    this.sent.push({ whatsappId, to, body: media.caption ?? media.filename, media, options });
    return { providerId: `OUT-${++this.next}-${randomBytes(3).toString('hex')}`, timestamp: new Date() };
  }

  async deleteForEveryone(_whatsappId: number, _to: PeerRef, providerId: string) {
    this.deleted.push(providerId);
  }

  async checkNumber(_whatsappId: number, number: string) {
    return { exists: true, number };
  }

  /** What addressBook answers, for every connection. */
  book: AddressBookEntry[] = [];

  async addressBook(_whatsappId: number) {
    return this.book;
  }
}

/**
 * Puts a recording port in place of the gateway's: these tests are about the conversation core,
 * and drive the inbound side straight through the InboundSink.
 */
export function recordOutbound(t: TestApp): RecordingPort {
  const port = new RecordingPort();
  (t.app.get(Outbound) as unknown as { port: OutboundPort }).port = port;
  return port;
}

export function sinkOf(t: TestApp): InboundSink {
  return t.app.get<InboundSink>(INBOUND_SINK);
}

/** A connection row (the gateway's own API is not what these tests are about). */
export async function addConnection(
  t: TestApp,
  companyId: number,
  options: { queueIds?: number[]; isDefault?: boolean; ratingMessage?: string } = {},
): Promise<number> {
  const db = t.app.get(DataSource);
  const text = {
    qrcode: '',
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    expiresInactiveMessage: '',
  };
  const result = await db.getRepository(WhatsappEntity).insert({
    companyId,
    name: `Phone ${randomBytes(2).toString('hex')}`,
    status: 'CONNECTED',
    isDefault: options.isDefault ?? false,
    token: randomBytes(16).toString('hex'),
    provider: 'sandbox',
    ratingMessage: options.ratingMessage ?? '',
    ...text,
  });
  const id = Number(result.identifiers[0].id);
  for (const queueId of options.queueIds ?? []) {
    await db.query('INSERT INTO whatsapp_queues (whatsappId, queueId) VALUES (?, ?)', [id, queueId]);
  }
  return id;
}

let seq = 0;
/** An inbound text as the gateway would hand it over. */
export function inbound(
  companyId: number,
  whatsappId: number,
  from: Partial<PeerRef> & { number: string },
  body: string,
  extra: Partial<InboundMessage> = {},
): InboundMessage {
  seq += 1;
  return {
    companyId,
    whatsappId,
    providerId: `IN-${seq}-${randomBytes(4).toString('hex')}`,
    chat: { isGroup: false, ...from },
    fromMe: false,
    timestamp: new Date(),
    mediaType: 'chat',
    body,
    ...extra,
  };
}

export async function connected(socket: Socket): Promise<Socket> {
  await new Promise<void>((resolve, reject) => {
    socket.once('ready', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Collects every payload of one event on a socket. */
export function collect<T = any>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

/** A company with two queues, an agent in each, an allTicket agent without queues, and a connection per routing case. */
export async function conversationCompany(t: TestApp, name: string) {
  const admin = await signupCompany(t, name);
  const queue = async (qname: string, color: string) =>
    (await t.request('POST', '/queue', { token: admin.token, body: { name: qname, color } })).body.id as number;
  const sales = await queue('Sales', '#008B02');
  const support = await queue('Support', '#B80000');
  const tag = randomBytes(3).toString('hex');
  const agent = async (aname: string, queueIds: number[], allTicket = 'desabled') => {
    const email = `${aname.toLowerCase()}.${tag}@${name.toLowerCase()}.test`;
    const res = await t.request('POST', '/users', {
      token: admin.token,
      body: { name: aname, email, password: 'agent-pass', queueIds, allTicket },
    });
    if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.id as number, ...(await t.login(email, 'agent-pass')) };
  };
  const seller = await agent('Seller', [sales]);
  const helper = await agent('Helper', [support]);
  const floater = await agent('Floater', [], 'enabled');
  // One queue: new tickets go straight to Sales. Two queues: they wait queueless.
  const salesLine = await addConnection(t, admin.companyId, { queueIds: [sales], isDefault: true });
  const mainLine = await addConnection(t, admin.companyId, { queueIds: [sales, support] });
  return { admin, sales, support, seller, helper, floater, salesLine, mainLine, companyId: admin.companyId };
}

export type ConversationCompany = Awaited<ReturnType<typeof conversationCompany>>;
export type SignedUpCompany = Awaited<ReturnType<typeof signupCompany>>;

/**
 * Where most conversation specs start: an app whose outbound side is recorded, the company of
 * conversationCompany and another company, to prove what the first one's users cannot reach.
 */
export async function conversationApp(name: string, otherName: string) {
  const t = await startTestApp();
  const port = recordOutbound(t);
  const co = await conversationCompany(t, name);
  const other = await signupCompany(t, otherName);
  return { t, port, co, other, db: t.app.get(DataSource) };
}
