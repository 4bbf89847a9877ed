import { release } from 'node:os';
import NodeCache from '@cacheable/node-cache';
import { Logger } from '@nestjs/common';
import type { ConnectionStatus } from '@atendo/shared';
import {
  isJidBroadcast,
  isJidNewsletter,
  makeCacheableSignalKeyStore,
  type AnyMessageContent,
  type BaileysEventMap,
  type SignalKeyStore,
  type UserFacingSocketConfig,
  type WAVersion,
  type WAMessage,
  type WASocket,
  type proto,
} from '@whiskeysockets/baileys';
import { DomainError } from '../../../common/domain-error.js';
import type {
  AddressBookEntry,
  InboundMessage,
  MessageChange,
  OutboundMedia,
  PeerRef,
  SendOptions,
  SentMessage,
  SessionEvent,
} from '../gateway.types.js';
import type { ProviderSession, SessionListener, SessionTarget } from '../provider.js';
import { AddressBook } from './baileys-address-book.js';
import { baileysLogger, type BaileysLogger } from './baileys-logger.js';
import { ackFromReceipt, ackFromStatus, mapChange, mapContent, messageDate } from './baileys-message.mapper.js';
import { isGroupJid, jidUser, PeerResolver, peerJid } from './baileys-peers.js';
import type { DatabaseAuthState } from './database-auth-state.js';
import { backoffDelay, decideOnClose, type ReconnectPolicy } from './reconnect-policy.js';
import type { WaVersionLookup } from './wa-version.js';

/** The part of Baileys' socket a session uses; tests hand in a fake of this shape. */
export type BaileysSocket = Pick<
  WASocket,
  | 'ev'
  | 'user'
  | 'signalRepository'
  | 'sendMessage'
  | 'rejectCall'
  | 'onWhatsApp'
  | 'updateMediaMessage'
  | 'groupMetadata'
  | 'logout'
  | 'end'
>;
export type BaileysSocketFactory = (config: UserFacingSocketConfig) => BaileysSocket;
/** Downloads (and decrypts) a message's media; `reupload` asks the sender's phone to upload expired media again. */
export type MediaDownloader = (
  message: WAMessage,
  reupload: (message: WAMessage) => Promise<WAMessage>,
  logger: BaileysLogger,
) => Promise<Buffer>;

/** Everything a session takes from its surroundings, so tests can drive it without a network or a clock. */
export interface BaileysRuntime {
  makeSocket: BaileysSocketFactory;
  downloadMedia: MediaDownloader;
  policy: ReconnectPolicy;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  random(): number;
  now(): number;
  /**
   * History sync messages older than this are not handed on. On a first link the phone uploads its
   * recent archive; the help desk wants the conversations that may still wait for an answer (and
   * what arrived while the server was down), not months of old chats turned into tickets.
   */
  historyMaxAgeMs: number;
  /** Asks WhatsApp Web's current version (see wa-version.ts); once per process, by the provider. */
  lookupWaVersion: WaVersionLookup;
}

type Events = Partial<BaileysEventMap>;
type ConnectionUpdate = BaileysEventMap['connection.update'];

/** The name linked devices show on the phone, with a browser type WhatsApp accepts for web clients. */
const BROWSER: [string, string, string] = ['Atendo', 'Chrome', release()];
/** Messages this session sent, kept for WhatsApp's retry requests and to recognise their echo. */
const SENT_CACHE = 1000;

/**
 * One connection's live WhatsApp session over Baileys. It survives reconnects: each attempt makes a
 * new socket (a "generation"), and events of an older socket are ignored.
 *
 * Status machine reported to the listener (spec: OPENING, qrcode, PAIRING, CONNECTED, TIMEOUT,
 * DISCONNECTED): OPENING while a socket connects; `qrcode` events with the count of QR codes shown;
 * PAIRING once a QR was scanned until the restart WhatsApp asks for completes; `connected`; TIMEOUT
 * with the attempt count while waiting to reconnect; DISCONNECTED when the session gave up (logged
 * out, replaced by another client, QR codes unscanned) and waits for the user.
 */
export class BaileysSession implements ProviderSession {
  private readonly log: Logger;
  private readonly baileysLog: BaileysLogger;
  private readonly keys: SignalKeyStore;
  /**
   * The key store's cache, ours rather than the one Baileys would make: its expiry sweep is a timer
   * that nothing else stops, so a stopped session's keys (megabytes for a busy number) stayed in
   * memory until they expired, and the cache with its timer for good — a leak on every node that
   * hands sessions over. Its settings are Baileys' own (five minutes, no copies).
   */
  // Typed as Baileys reads it: each get names its own value type.
  private readonly keyCache = new NodeCache<never>({ stdTTL: 5 * 60, useClones: false, deleteOnExpire: true });
  private readonly peers: PeerResolver;
  private readonly book: AddressBook;
  private readonly sent = new Map<string, proto.IMessage | undefined>();
  private readonly groupNames = new Map<string, Promise<string | undefined>>();
  private sock?: BaileysSocket;
  private unsubscribe?: () => void;
  private generation = 0;
  private connected = false;
  /** No more reconnects: stopped, logged out, or given up. */
  private finished = false;
  private pairing = false;
  private attempts = 0;
  private qrCodes = 0;
  private lastStatus = '';
  private reconnectTimer?: unknown;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly target: SessionTarget,
    private readonly listener: SessionListener,
    private readonly auth: DatabaseAuthState,
    private readonly runtime: BaileysRuntime,
    /** The WhatsApp Web version to announce; Baileys' bundled one when absent. */
    private readonly version?: WAVersion,
  ) {
    this.log = new Logger(`Baileys:${target.whatsappId}`);
    this.baileysLog = baileysLogger(`Baileys:${target.whatsappId}`);
    this.keys = makeCacheableSignalKeyStore(auth.state.keys, this.baileysLog, this.keyCache);
    this.peers = new PeerResolver(() => this.sock?.signalRepository?.lidMapping);
    this.book = new AddressBook((lid) => this.peers.phoneOf(lid));
  }

  /** Opens the first socket; the session then keeps itself connected until stopped. */
  open(): void {
    this.connect();
  }

  /** Resolves once every event received so far has been handed to the listener. */
  async idle(): Promise<void> {
    // Handling an event may queue more work (a reconnect's status); wait until nothing new was queued.
    for (let seen = this.queue; ; seen = this.queue) {
      await seen;
      if (seen === this.queue) return;
    }
  }

  async sendText(to: PeerRef, body: string, options?: SendOptions): Promise<SentMessage> {
    return this.send(to, { text: body }, options);
  }

  async sendMedia(to: PeerRef, media: OutboundMedia, options?: SendOptions): Promise<SentMessage> {
    return this.send(to, mediaContent(media), options);
  }

  async deleteForEveryone(to: PeerRef, providerId: string): Promise<void> {
    const sock = this.openSocket();
    const jid = peerJid(to);
    try {
      await sock.sendMessage(jid, { delete: { remoteJid: jid, fromMe: true, id: providerId } });
    } catch (error) {
      this.log.warn(`delete for everyone failed: ${(error as Error).message}`);
      throw new DomainError('ERR_DELETE_WAPP_MSG');
    }
  }

  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    const digits = number.replace(/\D/g, '');
    if (!digits) return { exists: false, number: digits };
    const sock = this.openSocket();
    try {
      const [found] = (await sock.onWhatsApp(`${digits}@s.whatsapp.net`)) ?? [];
      // WhatsApp answers the canonical JID (e.g. Brazilian mobile numbers with or without the 9).
      return found?.exists ? { exists: true, number: jidUser(found.jid) ?? digits } : { exists: false, number: digits };
    } catch (error) {
      this.log.warn(`number check failed: ${(error as Error).message}`);
      throw new DomainError('ERR_WAPP_CHECK_CONTACT');
    }
  }

  async addressBook(): Promise<AddressBookEntry[]> {
    this.openSocket();
    return this.book.entries();
  }

  async stop(): Promise<void> {
    this.finished = true;
    this.retire();
    this.releaseKeys();
  }

  /** A stopped session is dropped: its cached keys and the cache's sweep go with it. */
  private releaseKeys(): void {
    this.keyCache.flushAll();
    this.keyCache.close();
  }

  async logout(): Promise<void> {
    this.finished = true;
    const sock = this.sock;
    if (sock && this.connected) {
      try {
        await sock.logout();
      } catch (error) {
        // The phone may already have removed the device; the local state is wiped all the same.
        this.log.warn(`logout failed: ${(error as Error).message}`);
      }
    }
    this.retire();
    this.releaseKeys();
    await this.auth.wipe();
  }

  // ---- connection lifecycle ----

  private connect(): void {
    this.reconnectTimer = undefined;
    const generation = ++this.generation;
    let sock: BaileysSocket;
    try {
      sock = this.makeSocket();
    } catch (error) {
      // Runs from a timer too: a failure here must become a retry (or a stop), never a crash.
      this.log.error(`could not open a socket: ${(error as Error).message}`);
      this.enqueue(() => this.onClose(undefined));
      return;
    }
    this.sock = sock;
    this.unsubscribe = sock.ev.process((events) => this.enqueue(() => this.handle(generation, events)));
    if (!this.pairing) this.enqueue(() => this.status('OPENING', this.attempts));
  }

  private makeSocket(): BaileysSocket {
    return this.runtime.makeSocket({
      auth: { creds: this.auth.state.creds, keys: this.keys },
      ...(this.version ? { version: this.version } : {}),
      browser: BROWSER,
      logger: this.baileysLog,
      // The phone keeps receiving notifications: agents are not the phone's owner.
      markOnlineOnConnect: false,
      // Messages sent here are stored by the pipeline when sent; their echo would race that insert.
      emitOwnEvents: false,
      syncFullHistory: false,
      shouldIgnoreJid: (jid) => Boolean(isJidBroadcast(jid) || isJidNewsletter(jid)),
      getMessage: async (key) => (key.id ? this.sent.get(key.id) : undefined),
    });
  }

  /**
   * Events are handled one batch at a time, in the order Baileys emitted them: an ack must not
   * overtake the message it acknowledges, nor a status the one before it.
   */
  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue
      .then(work)
      .catch((error: Error) => this.log.error(`event handling failed: ${error.stack ?? String(error)}`));
  }

  /** Detaches and closes the current socket without touching the auth state. */
  private retire(): void {
    if (this.reconnectTimer !== undefined) this.runtime.clearTimer(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.generation += 1;
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    const sock = this.sock;
    this.sock = undefined;
    sock?.end(undefined).catch(() => undefined);
  }

  private async handle(generation: number, events: Events): Promise<void> {
    // A connection update of a socket already replaced or stopped would steer the new one (a late
    // close scheduling a second reconnect); what the old socket received is still delivered.
    const update = events['connection.update'];
    if (update && generation === this.generation)
      await this.guard('connection update', () => this.onConnection(update));
    if (events['creds.update']) {
      Object.assign(this.auth.state.creds, events['creds.update']);
      await this.guard('saving creds', () => this.auth.saveCreds());
    }
    const mapping = events['lid-mapping.update'];
    if (mapping) this.peers.learn(mapping.lid, mapping.pn);
    for (const contact of [...(events['contacts.upsert'] ?? []), ...(events['contacts.update'] ?? [])]) {
      this.peers.learn(contact.lid ?? contact.id, contact.phoneNumber ?? contact.id);
      this.book.learn(contact);
    }
    for (const group of [...(events['groups.upsert'] ?? []), ...(events['groups.update'] ?? [])]) {
      if (group.id && group.subject) this.groupNames.set(group.id, Promise.resolve(group.subject));
    }
    const history = events['messaging-history.set'];
    if (history) await this.onHistory(history);
    const upsert = events['messages.upsert'];
    if (upsert) {
      // "append" is what Baileys replays after a reconnect (offline messages) or from another device's sync.
      for (const message of upsert.messages) await this.onMessage(message, upsert.type === 'append');
    }
    for (const { key, update: change } of events['messages.update'] ?? []) {
      this.onAck(key, ackFromStatus(change.status));
    }
    for (const { key, receipt } of events['message-receipt.update'] ?? []) {
      this.onAck(key, ackFromReceipt(receipt));
    }
    for (const call of events.call ?? []) await this.onCall(call);
  }

  private async onConnection(update: ConnectionUpdate): Promise<void> {
    if (update.qr) await this.onQr(update.qr);
    if (update.isNewLogin) {
      this.pairing = true;
      await this.status('PAIRING', 0);
    }
    if (update.connection === 'connecting' && !this.pairing) await this.status('OPENING', this.attempts);
    if (update.connection === 'open') {
      this.connected = true;
      this.pairing = false;
      this.attempts = 0;
      this.qrCodes = 0;
      this.lastStatus = 'CONNECTED';
      const me = this.sock?.user?.id ?? this.auth.state.creds.me?.id;
      await this.report({ kind: 'connected', number: jidUser(me) ?? '' });
    }
    if (update.connection === 'close') {
      this.connected = false;
      const error = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined;
      await this.onClose(error?.output?.statusCode);
    }
  }

  private async onQr(qrcode: string): Promise<void> {
    this.qrCodes += 1;
    if (this.qrCodes > this.runtime.policy.maxQrCodes) {
      this.finished = true;
      this.retire();
      await this.status('DISCONNECTED', 0);
      return;
    }
    this.lastStatus = 'qrcode';
    await this.report({ kind: 'qrcode', qrcode, retries: this.qrCodes });
  }

  private async onClose(statusCode: number | undefined): Promise<void> {
    if (this.finished) return;
    const decision = decideOnClose(statusCode, Boolean(this.auth.state.creds.me?.id));
    if (decision === 'restart') {
      this.retire();
      this.connect();
      return;
    }
    if (decision === 'backoff') {
      this.retire();
      this.attempts += 1;
      const delay = backoffDelay(this.attempts, this.runtime.policy, this.runtime.random);
      this.log.warn(`connection closed (${statusCode ?? 'no code'}); reconnecting in ${delay} ms`);
      await this.status('TIMEOUT', this.attempts);
      if (!this.finished) this.reconnectTimer = this.runtime.setTimer(() => this.connect(), delay);
      return;
    }
    this.finished = true;
    this.pairing = false;
    this.retire();
    if (decision === 'outdated') {
      // Every retry would announce the same version: the session waits for a newer one (an upgrade
      // or WA_WEB_VERSION, then "Try again"), and the connection says why.
      this.log.warn('WhatsApp refused this WhatsApp Web version as too old (405); not reconnecting');
      await this.status('OUTDATED', 0);
      return;
    }
    if (decision === 'loggedOut') {
      await this.guard('wiping auth state', () => this.auth.wipe());
      await this.report({ kind: 'loggedOut' });
    } else {
      this.log.warn(`connection closed (${statusCode ?? 'no code'}); not reconnecting`);
    }
    await this.status('DISCONNECTED', 0);
  }

  private async status(status: ConnectionStatus, retries: number): Promise<void> {
    const key = `${status}:${retries}`;
    if (key === this.lastStatus) return;
    this.lastStatus = key;
    await this.report({ kind: 'status', status, retries });
  }

  private report(event: SessionEvent): Promise<void> {
    return this.guard(`session event ${event.kind}`, () => this.listener.session(event));
  }

  // ---- inbound ----

  private async onHistory(history: BaileysEventMap['messaging-history.set']): Promise<void> {
    for (const { lid, pn } of history.lidPnMappings ?? []) this.peers.learn(lid, pn);
    for (const contact of history.contacts ?? []) {
      this.peers.learn(contact.lid ?? contact.id, contact.phoneNumber ?? contact.id);
      this.book.learn(contact);
    }
    for (const chat of history.chats ?? []) {
      if (chat.id && isGroupJid(chat.id) && chat.name) this.groupNames.set(chat.id, Promise.resolve(chat.name));
    }
    const oldest = this.runtime.now() - this.runtime.historyMaxAgeMs;
    const recent = (history.messages ?? [])
      .map((message) => ({ message, at: messageDate(message.messageTimestamp, 0).getTime() }))
      .filter(({ at }) => at >= oldest)
      // History arrives newest first; the pipeline should see a conversation in the order it happened.
      .sort((a, b) => a.at - b.at);
    for (const { message } of recent) await this.onMessage(message, true);
  }

  private async onMessage(message: WAMessage, historical: boolean): Promise<void> {
    const { remoteJid, id, fromMe } = message.key;
    if (!remoteJid || !id || isJidBroadcast(remoteJid) || isJidNewsletter(remoteJid)) return;
    const group = isGroupJid(remoteJid);
    if (group && this.target.ignoreGroups) return;
    if (this.isOwnChat(remoteJid)) return;
    if (fromMe && this.sent.has(id)) return;
    const ids = { whatsappId: this.target.whatsappId, companyId: this.target.companyId };

    const change = mapChange(message);
    if (change) {
      const full: MessageChange = { ...ids, ...change };
      await this.guard('change', () => this.listener.change(full));
      return;
    }
    const content = mapContent(message);
    if (!content) return;

    const pushName = fromMe ? undefined : message.pushName;
    const subject = group ? await this.groupName(remoteJid) : undefined;
    const chat: PeerRef = group
      ? { number: jidUser(remoteJid)!, ...(subject ? { name: subject } : {}), isGroup: true }
      : await this.peers.person(remoteJid, message.key.remoteJidAlt, pushName);
    const participant =
      group && !fromMe && message.key.participant
        ? await this.peers.person(message.key.participant, message.key.participantAlt, pushName)
        : undefined;

    const inbound: InboundMessage = {
      ...ids,
      providerId: id,
      chat,
      ...(participant ? { participant } : {}),
      fromMe: Boolean(fromMe),
      timestamp: messageDate(message.messageTimestamp, this.runtime.now()),
      mediaType: content.mediaType,
      body: content.body,
      ...(content.quotedProviderId ? { quotedProviderId: content.quotedProviderId } : {}),
      ...(historical ? { historical: true } : {}),
    };
    if (content.media) {
      const { mimetype, filename } = content.media;
      inbound.media = { mimetype, ...(filename ? { filename } : {}), load: () => this.download(message) };
    }
    await this.guard('message', () => this.listener.message(inbound));
  }

  private onAck(key: proto.IMessageKey, ack: ReturnType<typeof ackFromStatus>): void {
    // Acks are ticks on the messages this connection sent; receipts of received messages are not.
    if (!ack || !key.fromMe || !key.id) return;
    if (isGroupJid(key.remoteJid) && this.target.ignoreGroups) return;
    const { whatsappId, companyId } = this.target;
    // Not awaited: the pipeline records ticks in batches, which waiting for each would defeat.
    void this.guard('ack', () =>
      this.listener.change({ kind: 'ack', whatsappId, companyId, providerId: key.id!, ack }),
    );
  }

  private async onCall(call: BaileysEventMap['call'][number]): Promise<void> {
    // One report per call: the offer. Later states (ringing, timeout, terminate) are the same call.
    if (call.status !== 'offer') return;
    const from = await this.peers.person(call.from, call.callerPn);
    let rejected = false;
    // A call replayed after a reconnect (offline) has already ended; there is nothing to reject.
    if (this.target.rejectCalls && !call.offline && this.sock) {
      try {
        await this.sock.rejectCall(call.id, call.from);
        rejected = true;
      } catch (error) {
        this.log.warn(`rejecting call ${call.id} failed: ${(error as Error).message}`);
      }
    }
    const { whatsappId, companyId } = this.target;
    const timestamp = call.date instanceof Date ? call.date : new Date(this.runtime.now());
    await this.guard('call', () =>
      this.listener.call({ whatsappId, companyId, providerId: call.id, from, timestamp, rejected }),
    );
  }

  /** A chat with the connection's own number ("message yourself") is not a customer conversation. */
  private isOwnChat(remoteJid: string): boolean {
    const user = jidUser(remoteJid);
    const me = this.sock?.user;
    return Boolean(user && me && (user === jidUser(me.id) || user === jidUser(me.lid)));
  }

  /** The group's subject, from group events or fetched once per group; undefined when it cannot be known. */
  private groupName(jid: string): Promise<string | undefined> {
    let name = this.groupNames.get(jid);
    if (!name) {
      const sock = this.sock;
      name = sock
        ? sock.groupMetadata(jid).then(
            (metadata) => metadata.subject || undefined,
            // Not fatal: the message goes on without a name; a later groups event fills it in.
            () => undefined,
          )
        : Promise.resolve(undefined);
      this.groupNames.set(jid, name);
    }
    return name;
  }

  private async download(message: WAMessage): Promise<Buffer> {
    try {
      return await this.runtime.downloadMedia(
        message,
        (stale) => {
          const sock = this.openSocket();
          return sock.updateMediaMessage(stale);
        },
        this.baileysLog,
      );
    } catch (error) {
      this.log.warn(`media download of ${message.key.id} failed: ${(error as Error).message}`);
      throw new DomainError('ERR_WAPP_DOWNLOAD_MEDIA');
    }
  }

  /** Listener failures are logged per event so one bad event does not stop the rest of its batch. */
  private async guard(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.log.error(`${what} handling failed: ${(error as Error).stack ?? String(error)}`);
    }
  }

  // ---- outbound ----

  private openSocket(): BaileysSocket {
    if (!this.sock || !this.connected) throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    return this.sock;
  }

  private async send(to: PeerRef, content: AnyMessageContent, options?: SendOptions): Promise<SentMessage> {
    const sock = this.openSocket();
    const jid = peerJid(to);
    const quoted = quotedMessage(jid, to, options);
    let sent: WAMessage | undefined;
    const misc = { ...(quoted ? { quoted } : {}), ...(options?.messageId ? { messageId: options.messageId } : {}) };
    try {
      sent = await sock.sendMessage(jid, content, Object.keys(misc).length ? misc : undefined);
    } catch (error) {
      this.log.warn(`sending to ${jid} failed: ${(error as Error).message}`);
      throw new DomainError(isRateLimit(error) ? 'ERR_WAPP_RATE_LIMITED' : 'ERR_SENDING_WAPP_MSG');
    }
    const providerId = sent?.key.id;
    if (!providerId) throw new DomainError('ERR_SENDING_WAPP_MSG');
    if (this.sent.size >= SENT_CACHE) this.sent.delete(this.sent.keys().next().value!);
    this.sent.set(providerId, sent!.message ?? undefined);
    return { providerId, timestamp: messageDate(sent!.messageTimestamp, this.runtime.now()) };
  }
}

/** What Baileys sends for a file: images and videos with their caption, voice notes as ptt, the rest as documents. */
export function mediaContent(media: OutboundMedia): AnyMessageContent {
  const { data, mimetype, filename, caption } = media;
  if (mimetype.startsWith('image/')) return { image: data, mimetype, ...(caption ? { caption } : {}) };
  if (mimetype.startsWith('video/')) return { video: data, mimetype, ...(caption ? { caption } : {}) };
  if (mimetype.startsWith('audio/')) return { audio: data, mimetype, ptt: Boolean(media.voice) };
  return { document: data, mimetype, fileName: filename };
}

/**
 * The quoted message Baileys needs for a reply: only its key and a text stand-in for its content
 * are known here, which is what WhatsApp shows in the reply's quote.
 */
export function quotedMessage(jid: string, to: PeerRef, options?: SendOptions): WAMessage | undefined {
  const providerId = options?.quoted?.providerId ?? options?.quotedProviderId;
  if (!providerId) return undefined;
  const fromMe = options?.quoted?.fromMe ?? false;
  const participantNumber = options?.quoted?.participantNumber?.replace(/\D/g, '');
  const participant = to.isGroup && !fromMe && participantNumber ? `${participantNumber}@s.whatsapp.net` : undefined;
  return {
    key: { remoteJid: jid, fromMe, id: providerId, ...(participant ? { participant } : {}) },
    message: { conversation: options?.quoted?.body ?? '' },
  };
}

/** WhatsApp's answer to a sender going too fast: `rate-overlimit`, HTTP-like status 429. */
export function isRateLimit(error: unknown): boolean {
  const boom = error as { message?: string; output?: { statusCode?: number }; data?: unknown };
  return boom?.output?.statusCode === 429 || /rate-overlimit/i.test(String(boom?.message ?? ''));
}
