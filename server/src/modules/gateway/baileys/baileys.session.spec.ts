import 'reflect-metadata';
import {
  DisconnectReason,
  makeEventBuffer,
  proto,
  type BaileysEventMap,
  type UserFacingSocketConfig,
  type WAMessage,
} from '@whiskeysockets/baileys';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { randomBytes } from 'node:crypto';
import { DomainError } from '../../../common/domain-error.js';
import { SecretBox } from '../../../common/secret-box.js';
import { openAuthValue } from '../../whatsapp/auth-key-seal.js';
import { WhatsappAuthKeyEntity } from '../../whatsapp/entities/whatsapp-auth-key.entity.js';
import type { InboundCall, InboundMessage, MessageChange, SessionEvent } from '../gateway.types.js';
import type { SessionListener, SessionTarget } from '../provider.js';
import { baileysLogger } from './baileys-logger.js';
import { BaileysProvider } from './baileys.provider.js';
import type { BaileysRuntime, BaileysSession, BaileysSocket } from './baileys.session.js';

const ME = '5511900000000:7@s.whatsapp.net';
const CUSTOMER_PN = '5511988887777@s.whatsapp.net';
const CUSTOMER_LID = '123456789012345@lid';
const GROUP = '120363041234567890@g.us';
const NOW = Date.UTC(2025, 0, 10, 12, 0, 0);
const box = new SecretBox(randomBytes(32));

type Calls = Array<unknown[]>;

/** A socket with Baileys' real event buffer as `ev`; everything that would reach the network is recorded. */
class FakeSocket {
  readonly ev = makeEventBuffer(baileysLogger('fake'));
  user: { id: string; lid?: string } | undefined;
  readonly pnByLid = new Map<string, string>();
  readonly sent: Calls = [];
  readonly rejected: Calls = [];
  readonly ended: Calls = [];
  readonly reuploaded: WAMessage[] = [];
  loggedOut = 0;
  groupLookups = 0;
  onWhatsAppAnswer: Array<{ jid: string; exists: boolean }> = [];
  failSend = false;
  readonly signalRepository = {
    lidMapping: { getPNForLID: async (lid: string) => this.pnByLid.get(lid) ?? null },
  };

  constructor(readonly config: UserFacingSocketConfig) {}

  emit<T extends keyof BaileysEventMap>(event: T, data: BaileysEventMap[T]) {
    this.ev.emit(event, data);
  }
  open(user = { id: ME, lid: '999000111222333@lid' }) {
    this.user = user;
    this.emit('connection.update', { connection: 'open' });
  }
  close(statusCode?: number) {
    const error = Object.assign(new Error('closed'), { output: { statusCode } });
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }
  async sendMessage(jid: string, content: unknown, options?: unknown) {
    if (this.failSend) throw new Error('socket closed');
    this.sent.push([jid, content, options]);
    return {
      key: { remoteJid: jid, fromMe: true, id: `OUT${this.sent.length}` },
      message: {},
      messageTimestamp: 1_736_510_400,
    };
  }
  async rejectCall(id: string, from: string) {
    this.rejected.push([id, from]);
  }
  async onWhatsApp(...jids: string[]) {
    this.sent.push(['onWhatsApp', ...jids]);
    return this.onWhatsAppAnswer;
  }
  async updateMediaMessage(message: WAMessage) {
    this.reuploaded.push(message);
    return message;
  }
  async groupMetadata(jid: string) {
    this.groupLookups += 1;
    return { id: jid, subject: 'Support group', participants: [] };
  }
  async logout() {
    this.loggedOut += 1;
    this.close(DisconnectReason.loggedOut);
  }
  async end(error: Error | undefined) {
    this.ended.push([error]);
  }
}

class Recorder implements SessionListener {
  readonly sessions: SessionEvent[] = [];
  readonly messages: InboundMessage[] = [];
  readonly changes: MessageChange[] = [];
  readonly calls: InboundCall[] = [];
  async session(event: SessionEvent) {
    this.sessions.push(event);
  }
  async message(message: InboundMessage) {
    this.messages.push(message);
  }
  async change(change: MessageChange) {
    this.changes.push(change);
  }
  async call(call: InboundCall) {
    this.calls.push(call);
  }
}

const text = (
  id: string,
  body: string,
  key: Partial<WAMessage['key']> = {},
  extra: Partial<WAMessage> = {},
): WAMessage => ({
  key: { remoteJid: CUSTOMER_PN, fromMe: false, id, ...key },
  messageTimestamp: NOW / 1000,
  pushName: 'Ana',
  message: { conversation: body },
  ...extra,
});

describe('BaileysProvider sessions', () => {
  let db: DataSource;
  let sockets: FakeSocket[];
  let timers: Array<{ run: () => void; ms: number; cleared: boolean }>;
  let listener: Recorder;
  let downloads: WAMessage[];
  let random: number;
  let socketFailures: number;
  let lookups: number;

  const runtime = (): Partial<BaileysRuntime> => ({
    makeSocket: (config) => {
      if (socketFailures > 0) {
        socketFailures -= 1;
        throw new Error('no network');
      }
      const sock = new FakeSocket(config);
      sockets.push(sock);
      return sock as unknown as BaileysSocket;
    },
    downloadMedia: async (message, reupload) => {
      downloads.push(message);
      await reupload(message);
      return Buffer.from('media-bytes');
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    random: () => random,
    now: () => NOW,
    lookupWaVersion: async () => {
      lookups += 1;
      return [2, 3000, 1023223821];
    },
  });

  const target = (overrides: Partial<SessionTarget> = {}): SessionTarget => ({
    whatsappId: 7,
    companyId: 3,
    ignoreGroups: false,
    rejectCalls: false,
    ...overrides,
  });

  async function start(overrides: Partial<SessionTarget> = {}, paired = true) {
    if (paired) await pairedCreds();
    const provider = new BaileysProvider(db, box, runtime());
    const session = (await provider.start(target(overrides), listener)) as BaileysSession;
    await session.idle();
    return { session, sock: sockets[sockets.length - 1] };
  }

  /** Stores creds of a linked device, as a session that was scanned before. */
  async function pairedCreds() {
    const { useDatabaseAuthState } = await import('./database-auth-state.js');
    const auth = await useDatabaseAuthState(db, box, 7);
    auth.state.creds.me = { id: ME, name: 'Help desk' };
    await auth.saveCreds();
  }

  async function connected(overrides: Partial<SessionTarget> = {}) {
    const started = await start(overrides);
    started.sock.open();
    await started.session.idle();
    listener.sessions.length = 0;
    return started;
  }

  const authRows = () => db.getRepository(WhatsappAuthKeyEntity).count({ where: { whatsappId: 7 } });

  beforeEach(async () => {
    db = new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: [WhatsappAuthKeyEntity],
      synchronize: true,
    });
    await db.initialize();
    sockets = [];
    timers = [];
    downloads = [];
    random = 0.5;
    socketFailures = 0;
    lookups = 0;
    listener = new Recorder();
  });
  afterEach(() => db.destroy());
  // The session logs every reconnect and failure; the assertions below check them instead.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));

  describe('connection lifecycle', () => {
    it('opens a socket named Atendo with the database auth state and reports OPENING, then connected', async () => {
      const { session, sock } = await start();
      expect(sock.config.browser?.[0]).toBe('Atendo');
      expect(sock.config.auth?.creds.me?.id).toBe(ME);
      expect(sock.config.emitOwnEvents).toBe(false);
      expect(listener.sessions).toEqual([{ kind: 'status', status: 'OPENING', retries: 0 }]);
      sock.emit('connection.update', { connection: 'connecting' });
      sock.open();
      await session.idle();
      expect(listener.sessions).toEqual([
        { kind: 'status', status: 'OPENING', retries: 0 },
        { kind: 'connected', number: '5511900000000' },
      ]);
    });

    it('shows QR codes with their count and gives up after five unscanned ones', async () => {
      const { session, sock } = await start({}, false);
      for (let i = 1; i <= 6; i++) sock.emit('connection.update', { qr: `QR-${i}` });
      await session.idle();
      expect(listener.sessions.slice(1, 6)).toEqual(
        [1, 2, 3, 4, 5].map((n) => ({ kind: 'qrcode', qrcode: `QR-${n}`, retries: n })),
      );
      expect(listener.sessions[6]).toEqual({ kind: 'status', status: 'DISCONNECTED', retries: 0 });
      expect(sock.ended).toHaveLength(1);
      sock.close(DisconnectReason.connectionClosed);
      await session.idle();
      expect(sockets).toHaveLength(1);
      expect(timers).toHaveLength(0);
      await expect(session.sendText({ number: '1', isGroup: false }, 'x')).rejects.toMatchObject({
        code: 'ERR_WAPP_NOT_INITIALIZED',
      });
    });

    it('goes PAIRING after a scan and restarts at once when WhatsApp asks (515), then connects', async () => {
      const { session, sock } = await start({}, false);
      sock.emit('connection.update', { qr: 'QR-1' });
      sock.emit('creds.update', { me: { id: ME, name: 'Help desk' } });
      sock.emit('connection.update', { isNewLogin: true, qr: undefined });
      sock.close(DisconnectReason.restartRequired);
      await session.idle();
      expect(sockets).toHaveLength(2);
      expect(timers).toHaveLength(0);
      sockets[1].emit('connection.update', { connection: 'connecting' });
      sockets[1].open();
      await session.idle();
      expect(listener.sessions).toEqual([
        { kind: 'status', status: 'OPENING', retries: 0 },
        { kind: 'qrcode', qrcode: 'QR-1', retries: 1 },
        { kind: 'status', status: 'PAIRING', retries: 0 },
        { kind: 'connected', number: '5511900000000' },
      ]);
      // The scan's creds were saved: a restart of the server resumes without a QR.
      const row = await db.getRepository(WhatsappAuthKeyEntity).findOneByOrFail({ whatsappId: 7, type: 'creds' });
      expect(row.value.startsWith(`v2.${box.keyId}.`)).toBe(true);
      expect(JSON.parse(openAuthValue(box, row)).me.id).toBe(ME);
    });

    it('on loggedOut (401) wipes the auth state, reports it and does not reconnect', async () => {
      const { session, sock } = await connected();
      await sock.config.auth!.keys.set({ 'pre-key': { '1': { public: Buffer.alloc(32), private: Buffer.alloc(32) } } });
      expect(await authRows()).toBe(2);
      sock.close(DisconnectReason.loggedOut);
      await session.idle();
      expect(await authRows()).toBe(0);
      expect(listener.sessions).toEqual([
        { kind: 'loggedOut' },
        { kind: 'status', status: 'DISCONNECTED', retries: 0 },
      ]);
      expect(sockets).toHaveLength(1);
      expect(timers).toHaveLength(0);
    });

    it('announces the looked-up WhatsApp Web version, looked up once for every session of the provider', async () => {
      await pairedCreds();
      const provider = new BaileysProvider(db, box, runtime());
      await provider.start(target(), listener);
      await provider.start(target({ whatsappId: 8 }), listener);
      expect(sockets.map((s) => s.config.version)).toEqual([
        [2, 3000, 1023223821],
        [2, 3000, 1023223821],
      ]);
      expect(lookups).toBe(1);
      const configured = new BaileysProvider(db, box, runtime(), { waWebVersion: [2, 3000, 5] });
      await configured.start(target(), listener);
      expect(sockets[2].config.version).toEqual([2, 3000, 5]);
      expect(lookups).toBe(1);
    });

    it('when WhatsApp refuses the version as too old (405), says OUTDATED and stops retrying', async () => {
      const { session, sock } = await connected();
      sock.close(405);
      await session.idle();
      expect(listener.sessions).toEqual([{ kind: 'status', status: 'OUTDATED', retries: 0 }]);
      expect(sockets).toHaveLength(1);
      expect(timers).toHaveLength(0);
      expect(await authRows()).toBe(1);
    });

    it('on connectionReplaced (440) stops without a reconnect loop and keeps the auth state', async () => {
      const { session, sock } = await connected();
      sock.close(DisconnectReason.connectionReplaced);
      sock.close(DisconnectReason.connectionReplaced);
      await session.idle();
      expect(listener.sessions).toEqual([{ kind: 'status', status: 'DISCONNECTED', retries: 0 }]);
      expect(sockets).toHaveLength(1);
      expect(timers).toHaveLength(0);
      expect(await authRows()).toBe(1);
    });

    it('backs off with jitter on other failures, reports TIMEOUT with the attempt, and resets once open', async () => {
      const { session, sock } = await connected();
      random = 0;
      sock.close(DisconnectReason.connectionLost);
      await session.idle();
      expect(listener.sessions).toEqual([{ kind: 'status', status: 'TIMEOUT', retries: 1 }]);
      expect(timers.map((t) => t.ms)).toEqual([1_400]);
      expect(sockets).toHaveLength(1);

      timers[0].run();
      await session.idle();
      expect(sockets).toHaveLength(2);
      expect(listener.sessions[1]).toEqual({ kind: 'status', status: 'OPENING', retries: 1 });

      random = 1;
      sockets[1].close(DisconnectReason.connectionClosed);
      await session.idle();
      random = 0.5;
      timers[1].run();
      await session.idle();
      sockets[2].close(DisconnectReason.unavailableService);
      await session.idle();
      expect(timers.map((t) => t.ms)).toEqual([1_400, 5_200, 8_000]);
      for (const [i, { ms }] of timers.entries()) {
        const exponential = 2_000 * 2 ** i;
        expect(ms).toBeGreaterThanOrEqual(exponential * 0.7);
        expect(ms).toBeLessThanOrEqual(exponential * 1.3);
      }

      timers[2].run();
      await session.idle();
      sockets[3].open();
      await session.idle();
      expect(listener.sessions.at(-1)).toEqual({ kind: 'connected', number: '5511900000000' });
      sockets[3].close(DisconnectReason.connectionLost);
      await session.idle();
      expect(timers.at(-1)!.ms).toBe(2_000);
      expect(listener.sessions.at(-1)).toEqual({ kind: 'status', status: 'TIMEOUT', retries: 1 });
    });

    it('retries when a socket cannot even be created, instead of throwing from the timer', async () => {
      const { session, sock } = await connected();
      sock.close(DisconnectReason.connectionLost);
      await session.idle();
      socketFailures = 1;
      expect(() => timers[0].run()).not.toThrow();
      await session.idle();
      expect(listener.sessions.at(-1)).toEqual({ kind: 'status', status: 'TIMEOUT', retries: 2 });
      timers[1].run();
      await session.idle();
      expect(sockets).toHaveLength(2);
      expect(listener.sessions.at(-1)).toEqual({ kind: 'status', status: 'OPENING', retries: 2 });
    });

    it('ignores connection updates of a socket it already replaced, and detaches from it', async () => {
      const { session, sock } = await connected();
      sock.close(DisconnectReason.restartRequired);
      sock.close(DisconnectReason.connectionLost);
      await session.idle();
      expect(sockets).toHaveLength(2);
      expect(timers).toHaveLength(0);
      sock.emit('messages.upsert', { messages: [text('STALE', 'late')], type: 'notify' });
      await session.idle();
      expect(listener.messages).toHaveLength(0);
    });

    it('still delivers what arrived just before it was stopped', async () => {
      const { session, sock } = await connected();
      sock.emit('messages.upsert', { messages: [text('LAST', 'just in time')], type: 'notify' });
      await session.stop();
      await session.idle();
      expect(listener.messages.map((m) => m.providerId)).toEqual(['LAST']);
    });

    it('stop() ends the socket without logging out, keeps the auth state and cancels a pending reconnect', async () => {
      const { session, sock } = await connected();
      sock.close(DisconnectReason.connectionLost);
      await session.idle();
      await session.stop();
      expect(timers[0].cleared).toBe(true);
      expect(sock.loggedOut).toBe(0);
      expect(await authRows()).toBe(1);

      const second = await connected();
      await second.session.stop();
      expect(second.sock.ended).toHaveLength(1);
      expect(second.sock.loggedOut).toBe(0);
      second.sock.close(DisconnectReason.connectionClosed);
      await second.session.idle();
      expect(timers).toHaveLength(1);
    });

    it('logout() signs the device out and wipes the auth state', async () => {
      const { session, sock } = await connected();
      await session.logout();
      await session.idle();
      expect(sock.loggedOut).toBe(1);
      expect(await authRows()).toBe(0);
      expect(sockets).toHaveLength(1);
      expect(listener.sessions).toEqual([]);
    });
  });

  describe('inbound messages', () => {
    it('hands on live messages, and the catch-up after a reconnect as historical', async () => {
      const { session, sock } = await connected();
      sock.emit('messages.upsert', { messages: [text('LIVE', 'hello')], type: 'notify' });
      // Offline messages: Baileys buffers them while it catches up and flushes them as "append".
      sock.ev.buffer();
      sock.emit('messages.upsert', { messages: [text('OFF1', 'while you were away')], type: 'append' });
      sock.emit('messages.upsert', { messages: [text('OFF2', 'still there?')], type: 'append' });
      sock.ev.flush();
      await session.idle();
      expect(listener.messages).toEqual([
        {
          whatsappId: 7,
          companyId: 3,
          providerId: 'LIVE',
          chat: { number: '5511988887777', name: 'Ana', isGroup: false },
          fromMe: false,
          timestamp: new Date(NOW),
          mediaType: 'chat',
          body: 'hello',
        },
        expect.objectContaining({ providerId: 'OFF1', body: 'while you were away', historical: true }),
        expect.objectContaining({ providerId: 'OFF2', historical: true }),
      ]);
    });

    it('takes recent history-sync messages as historical, oldest first, and leaves the old archive', async () => {
      const { session, sock } = await connected();
      const at = (id: string, ms: number) => text(id, id, {}, { messageTimestamp: ms / 1000 });
      sock.emit('messaging-history.set', {
        chats: [],
        contacts: [],
        messages: [at('NEWER', NOW - 60_000), at('OLDER', NOW - 3_600_000), at('ANCIENT', NOW - 30 * 86_400_000)],
        isLatest: true,
      });
      await session.idle();
      expect(listener.messages.map((m) => [m.providerId, m.historical])).toEqual([
        ['OLDER', true],
        ['NEWER', true],
      ]);
    });

    it('maps messages sent from the phone as fromMe without a contact name', async () => {
      const { session, sock } = await connected();
      sock.emit('messages.upsert', { messages: [text('PHONE', 'sent from phone', { fromMe: true })], type: 'notify' });
      await session.idle();
      expect(listener.messages[0]).toMatchObject({ fromMe: true, chat: { number: '5511988887777', isGroup: false } });
      expect(listener.messages[0].chat.name).toBeUndefined();
    });

    it('skips status broadcasts, newsletters, protocol-only, reactions and empty messages', async () => {
      const { session, sock } = await connected();
      sock.emit('messages.upsert', {
        type: 'notify',
        messages: [
          text('S', 'story', { remoteJid: 'status@broadcast', participant: CUSTOMER_PN }),
          text('N', 'news', { remoteJid: '120363000000000000@newsletter' }),
          text('K', '', {}, { message: { senderKeyDistributionMessage: { groupId: GROUP } } }),
          text('R', '', {}, { message: { reactionMessage: { text: '👍', key: { id: 'LIVE' } } } }),
          text('E', '', {}, { message: undefined }),
          text('SELF', 'note to self', { remoteJid: '5511900000000@s.whatsapp.net', fromMe: true }),
        ],
      });
      await session.idle();
      expect(listener.messages).toEqual([]);
      expect(listener.changes).toEqual([]);
    });

    it('loads media through Baileys download with the socket reupload for expired files', async () => {
      const { session, sock } = await connected();
      const image = text('IMG', '', {}, { message: { imageMessage: { caption: 'look', mimetype: 'image/png' } } });
      sock.emit('messages.upsert', { messages: [image], type: 'notify' });
      await session.idle();
      const [inbound] = listener.messages;
      expect(inbound).toMatchObject({ mediaType: 'image', body: 'look', media: { mimetype: 'image/png' } });
      expect((await inbound.media!.load()).toString()).toBe('media-bytes');
      expect(downloads[0].key.id).toBe('IMG');
      expect(sock.reuploaded[0].key.id).toBe('IMG');

      sock.close(DisconnectReason.connectionLost);
      await session.idle();
      await expect(inbound.media!.load()).rejects.toMatchObject({ code: 'ERR_WAPP_DOWNLOAD_MEDIA' });
    });

    it('maps document file names, quoted replies and every kind through the session', async () => {
      const { session, sock } = await connected();
      sock.emit('messages.upsert', {
        type: 'notify',
        messages: [
          text('DOC', '', {}, { message: { documentMessage: { fileName: 'a.pdf', mimetype: 'application/pdf' } } }),
          text(
            'Q',
            '',
            {},
            { message: { extendedTextMessage: { text: 'this one', contextInfo: { stanzaId: 'LIVE' } } } },
          ),
          text('V', '', {}, { message: { audioMessage: { ptt: true, mimetype: 'audio/ogg; codecs=opus' } } }),
        ],
      });
      await session.idle();
      expect(listener.messages[0]).toMatchObject({
        mediaType: 'application',
        body: 'a.pdf',
        media: { filename: 'a.pdf' },
      });
      expect(listener.messages[1]).toMatchObject({ mediaType: 'chat', body: 'this one', quotedProviderId: 'LIVE' });
      expect(listener.messages[2]).toMatchObject({ mediaType: 'audio', media: { mimetype: 'audio/ogg; codecs=opus' } });
    });

    it('turns edits and revokes into changes of the original message', async () => {
      const { session, sock } = await connected();
      const Type = proto.Message.ProtocolMessage.Type;
      sock.emit('messages.upsert', {
        type: 'notify',
        messages: [
          text(
            'P1',
            '',
            {},
            {
              message: {
                editedMessage: {
                  message: {
                    protocolMessage: {
                      type: Type.MESSAGE_EDIT,
                      key: { id: 'ORIG' },
                      editedMessage: { conversation: 'fixed' },
                    },
                  },
                },
              },
            },
          ),
          text('P2', '', {}, { message: { protocolMessage: { type: Type.REVOKE, key: { id: 'ORIG' } } } }),
        ],
      });
      await session.idle();
      expect(listener.changes).toEqual([
        { kind: 'edit', whatsappId: 7, companyId: 3, providerId: 'ORIG', body: 'fixed' },
        { kind: 'revoke', whatsappId: 7, companyId: 3, providerId: 'ORIG' },
      ]);
      expect(listener.messages).toEqual([]);
    });
  });

  describe('LID identities', () => {
    it('gives the same number to a person whether they write by LID or by phone number', async () => {
      const { session, sock } = await connected();
      sock.emit('messages.upsert', {
        type: 'notify',
        messages: [
          text('BY-LID', 'hi', { remoteJid: CUSTOMER_LID, remoteJidAlt: CUSTOMER_PN }),
          text('BY-PN', 'again', { remoteJid: CUSTOMER_PN }),
          // Later LID-only messages reuse the pair learned above.
          text('LID-ONLY', 'third', { remoteJid: CUSTOMER_LID }),
        ],
      });
      await session.idle();
      const lid = '123456789012345';
      expect(listener.messages.map((m) => m.chat)).toEqual([
        { number: '5511988887777', lid, name: 'Ana', isGroup: false },
        { number: '5511988887777', lid, name: 'Ana', isGroup: false },
        { number: '5511988887777', lid, name: 'Ana', isGroup: false },
      ]);
    });

    it('learns pairs from lid-mapping.update and reads Baileys’ mapping store', async () => {
      const { session, sock } = await connected();
      sock.emit('lid-mapping.update', { lid: '111@lid', pn: '5521911110000@s.whatsapp.net' });
      sock.pnByLid.set('222@lid', '5531922220000:0@s.whatsapp.net');
      sock.emit('messages.upsert', {
        type: 'notify',
        messages: [text('A', 'a', { remoteJid: '111@lid' }), text('B', 'b', { remoteJid: '222@lid' })],
      });
      await session.idle();
      expect(listener.messages.map((m) => [m.chat.number, m.chat.lid])).toEqual([
        ['5521911110000', '111'],
        ['5531922220000', '222'],
      ]);
    });

    it('uses the LID digits as the number while the phone number is unknown, and sends back to the LID', async () => {
      const { session, sock } = await connected();
      sock.emit('messages.upsert', { type: 'notify', messages: [text('U', 'who am I', { remoteJid: '333@lid' })] });
      await session.idle();
      const { chat } = listener.messages[0];
      expect(chat).toEqual({ number: '333', lid: '333', name: 'Ana', isGroup: false });
      await session.sendText(chat, 'hello');
      expect(sock.sent[0][0]).toBe('333@lid');
    });

    it('resolves the caller of a call through callerPn', async () => {
      const { session, sock } = await connected({ rejectCalls: true });
      sock.emit('call', [
        {
          chatId: CUSTOMER_LID,
          from: CUSTOMER_LID,
          callerPn: CUSTOMER_PN,
          id: 'CALL1',
          date: new Date(NOW),
          offline: false,
          status: 'offer',
        },
      ]);
      await session.idle();
      expect(listener.calls[0].from).toEqual({ number: '5511988887777', lid: '123456789012345', isGroup: false });
    });
  });

  describe('groups', () => {
    const groupText = (id: string, participant: string, participantAlt?: string) =>
      text(id, 'in the group', { remoteJid: GROUP, participant, ...(participantAlt ? { participantAlt } : {}) });

    it('maps the group as the chat (subject fetched once) and the sender as the participant', async () => {
      const { session, sock } = await connected();
      sock.emit('messages.upsert', {
        type: 'notify',
        messages: [groupText('G1', CUSTOMER_LID, CUSTOMER_PN), groupText('G2', '5521911110000@s.whatsapp.net')],
      });
      await session.idle();
      expect(listener.messages[0]).toMatchObject({
        chat: { number: '120363041234567890', name: 'Support group', isGroup: true },
        participant: { number: '5511988887777', lid: '123456789012345', name: 'Ana', isGroup: false },
      });
      expect(listener.messages[1].participant).toEqual({ number: '5521911110000', name: 'Ana', isGroup: false });
      expect(sock.groupLookups).toBe(1);
      await session.sendText(listener.messages[0].chat, 'hi all');
      expect(sock.sent[0][0]).toBe(GROUP);
    });

    it('takes the subject from group events without asking WhatsApp', async () => {
      const { session, sock } = await connected();
      sock.emit('groups.update', [{ id: GROUP, subject: 'Renamed' }]);
      sock.emit('messages.upsert', { type: 'notify', messages: [groupText('G1', CUSTOMER_PN)] });
      await session.idle();
      expect(listener.messages[0].chat.name).toBe('Renamed');
      expect(sock.groupLookups).toBe(0);
    });

    it('ignores group messages, edits and acks when the company ignores groups', async () => {
      const { session, sock } = await connected({ ignoreGroups: true });
      sock.emit('messages.upsert', {
        type: 'notify',
        messages: [
          groupText('G1', CUSTOMER_PN),
          text(
            'G2',
            '',
            { remoteJid: GROUP, participant: CUSTOMER_PN },
            {
              message: { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'G1' } } },
            },
          ),
          text('D1', 'direct'),
        ],
      });
      sock.emit('messages.update', [{ key: { remoteJid: GROUP, fromMe: true, id: 'OUT' }, update: { status: 3 } }]);
      await session.idle();
      expect(listener.messages.map((m) => m.providerId)).toEqual(['D1']);
      expect(listener.changes).toEqual([]);
    });
  });

  describe('acks', () => {
    it('reports status updates of own messages as acks and group receipts as delivered/read', async () => {
      const { session, sock } = await connected();
      const Status = proto.WebMessageInfo.Status;
      sock.emit('messages.update', [
        { key: { remoteJid: CUSTOMER_PN, fromMe: true, id: 'M1' }, update: { status: Status.SERVER_ACK } },
        { key: { remoteJid: CUSTOMER_PN, fromMe: true, id: 'M1' }, update: { status: Status.DELIVERY_ACK } },
        { key: { remoteJid: CUSTOMER_PN, fromMe: true, id: 'M2' }, update: { status: Status.PLAYED } },
        { key: { remoteJid: CUSTOMER_PN, fromMe: true, id: 'M3' }, update: { status: Status.ERROR } },
        { key: { remoteJid: CUSTOMER_PN, fromMe: false, id: 'IN' }, update: { status: Status.READ } },
      ]);
      sock.emit('message-receipt.update', [
        { key: { remoteJid: GROUP, fromMe: true, id: 'G' }, receipt: { userJid: CUSTOMER_PN, readTimestamp: 1 } },
      ]);
      await session.idle();
      expect(listener.changes.map((c) => c.kind === 'ack' && [c.providerId, c.ack])).toEqual([
        ['M1', 2],
        ['M1', 3],
        ['M2', 5],
        ['G', 4],
      ]);
    });
  });

  describe('calls', () => {
    const offer = (overrides: Partial<BaileysEventMap['call'][number]> = {}): BaileysEventMap['call'][number] => ({
      chatId: CUSTOMER_PN,
      from: CUSTOMER_PN,
      id: 'CALL1',
      date: new Date(NOW),
      offline: false,
      status: 'offer',
      ...overrides,
    });

    it('rejects offered calls when the company refuses calls, and reports them', async () => {
      const { session, sock } = await connected({ rejectCalls: true });
      sock.emit('call', [offer()]);
      sock.emit('call', [offer({ status: 'terminate' })]);
      await session.idle();
      expect(sock.rejected).toEqual([['CALL1', CUSTOMER_PN]]);
      expect(listener.calls).toEqual([
        {
          whatsappId: 7,
          companyId: 3,
          providerId: 'CALL1',
          from: { number: '5511988887777', isGroup: false },
          timestamp: new Date(NOW),
          rejected: true,
        },
      ]);
    });

    it('lets calls ring when calls are allowed, and does not reject a call replayed after a reconnect', async () => {
      const { session, sock } = await connected();
      sock.emit('call', [offer()]);
      await session.idle();
      expect(sock.rejected).toEqual([]);
      expect(listener.calls[0].rejected).toBe(false);

      const other = await connected({ rejectCalls: true });
      other.sock.emit('call', [offer({ id: 'OLD', offline: true })]);
      await other.session.idle();
      expect(other.sock.rejected).toEqual([]);
    });
  });

  describe('sending', () => {
    it('sends text and answers the provider id and time', async () => {
      const { session, sock } = await connected();
      const sent = await session.sendText({ number: '5511988887777', isGroup: false }, 'hello');
      expect(sent).toEqual({ providerId: 'OUT1', timestamp: new Date(1_736_510_400_000) });
      expect(sock.sent[0]).toEqual([CUSTOMER_PN, { text: 'hello' }, undefined]);
    });

    it('builds the quoted message of a reply, with the participant in groups', async () => {
      const { session, sock } = await connected();
      await session.sendText({ number: '5511988887777', isGroup: false }, 'sure', {
        quotedProviderId: 'IN1',
        quoted: { providerId: 'IN1', fromMe: false, body: 'can you help?' },
      });
      expect(sock.sent[0][2]).toEqual({
        quoted: {
          key: { remoteJid: CUSTOMER_PN, fromMe: false, id: 'IN1' },
          message: { conversation: 'can you help?' },
        },
      });
      await session.sendText({ number: '120363041234567890', isGroup: true }, 'ok', {
        quoted: { providerId: 'G1', fromMe: false, body: 'question', participantNumber: '5521911110000' },
      });
      expect(sock.sent[1][2]).toEqual({
        quoted: {
          key: { remoteJid: GROUP, fromMe: false, id: 'G1', participant: '5521911110000@s.whatsapp.net' },
          message: { conversation: 'question' },
        },
      });
    });

    it('sends images and videos with captions, voice notes as ptt and other files as documents', async () => {
      const { session, sock } = await connected();
      const to = { number: '5511988887777', isGroup: false };
      const data = Buffer.from('bytes');
      await session.sendMedia(to, { data, mimetype: 'image/jpeg', filename: 'a.jpg', caption: 'photo' });
      await session.sendMedia(to, { data, mimetype: 'video/mp4', filename: 'a.mp4' });
      await session.sendMedia(to, { data, mimetype: 'audio/ogg; codecs=opus', filename: 'a.ogg', voice: true });
      await session.sendMedia(to, { data, mimetype: 'audio/mpeg', filename: 'a.mp3' });
      await session.sendMedia(to, { data, mimetype: 'application/pdf', filename: 'a.pdf', caption: 'ignored' });
      expect(sock.sent.map(([, content]) => content)).toEqual([
        { image: data, mimetype: 'image/jpeg', caption: 'photo' },
        { video: data, mimetype: 'video/mp4' },
        { audio: data, mimetype: 'audio/ogg; codecs=opus', ptt: true },
        { audio: data, mimetype: 'audio/mpeg', ptt: false },
        { document: data, mimetype: 'application/pdf', fileName: 'a.pdf' },
      ]);
    });

    it('does not hand back the echo of a message it sent', async () => {
      const { session, sock } = await connected();
      const { providerId } = await session.sendText({ number: '5511988887777', isGroup: false }, 'hello');
      sock.emit('messages.upsert', { type: 'append', messages: [text(providerId, 'hello', { fromMe: true })] });
      await session.idle();
      expect(listener.messages).toEqual([]);
      expect(await sock.config.getMessage!({ id: providerId })).toEqual({});
    });

    it('deletes for everyone with the key of its own message', async () => {
      const { session, sock } = await connected();
      await session.deleteForEveryone({ number: '5511988887777', isGroup: false }, 'OUT9');
      expect(sock.sent[0]).toEqual([
        CUSTOMER_PN,
        { delete: { remoteJid: CUSTOMER_PN, fromMe: true, id: 'OUT9' } },
        undefined,
      ]);
    });

    it('checks numbers with onWhatsApp and answers the canonical number', async () => {
      const { session, sock } = await connected();
      sock.onWhatsAppAnswer = [{ jid: '551188887777@s.whatsapp.net', exists: true }];
      expect(await session.checkNumber('+55 (11) 98888-7777')).toEqual({ exists: true, number: '551188887777' });
      expect(sock.sent[0]).toEqual(['onWhatsApp', '5511988887777@s.whatsapp.net']);
      sock.onWhatsAppAnswer = [];
      expect(await session.checkNumber('5511000000000')).toEqual({ exists: false, number: '5511000000000' });
    });

    it('gives the address book the phone synced, by phone number, without groups or unknown LIDs', async () => {
      const { session, sock } = await connected();
      sock.emit('contacts.upsert', [
        { id: CUSTOMER_PN, name: 'Ana Souza', notify: 'Ana' },
        { id: '5521977776666@s.whatsapp.net', notify: 'Bia' },
        { id: GROUP, name: 'Support group' },
        { id: '777000111222333@lid', name: 'Known by LID only' },
        { id: CUSTOMER_LID, phoneNumber: '5531966665555@s.whatsapp.net', name: 'Cris' },
      ]);
      sock.emit('contacts.update', [{ id: '5521977776666@s.whatsapp.net', name: 'Bianca' }]);
      sock.emit('lid-mapping.update', { lid: '444000111222333@lid', pn: '5541955554444@s.whatsapp.net' });
      await session.idle();
      sock.emit('contacts.update', [{ id: '444000111222333@lid', notify: 'Dani' }]);
      await session.idle();
      expect(await session.addressBook()).toEqual([
        { number: '5511988887777', name: 'Ana Souza' },
        { number: '5521977776666', name: 'Bianca' },
        { number: '5531966665555', name: 'Cris' },
        { number: '5541955554444', name: 'Dani' },
      ]);
      await session.stop();
      await expect(session.addressBook()).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
    });

    it('answers domain errors when not connected or when WhatsApp refuses', async () => {
      const { session, sock } = await start();
      const to = { number: '5511988887777', isGroup: false };
      await expect(session.sendText(to, 'x')).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
      sock.open();
      await session.idle();
      sock.failSend = true;
      await expect(session.sendText(to, 'x')).rejects.toBeInstanceOf(DomainError);
      await expect(session.sendText(to, 'x')).rejects.toMatchObject({ code: 'ERR_SENDING_WAPP_MSG' });
      await expect(session.deleteForEveryone(to, 'X')).rejects.toMatchObject({ code: 'ERR_DELETE_WAPP_MSG' });
    });
  });
});
