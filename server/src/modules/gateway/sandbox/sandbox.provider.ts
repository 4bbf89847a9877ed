import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MediaType } from '@atendo/shared';
import type { Redis } from 'ioredis';
import { Repository } from 'typeorm';
import { DomainError } from '../../../common/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { REDIS } from '../../redis/redis.module.js';
import { WhatsappAuthKeyEntity } from '../../whatsapp/entities/whatsapp-auth-key.entity.js';
import { openAuthValue, sealAuthValue } from '../../whatsapp/auth-key-seal.js';
import { SecretBox } from '../../../common/secret-box.js';
import type {
  AddressBookEntry,
  InboundMessage,
  OutboundMedia,
  PeerRef,
  SendOptions,
  SentMessage,
} from '../gateway.types.js';
import type { ProviderSession, SessionListener, SessionTarget, WhatsappProvider } from '../provider.js';

/** An inbound message as the sandbox routes take it, with any media already in memory. */
export interface SandboxInbound {
  from: string;
  name?: string;
  id?: string;
  body?: string;
  media?: { data: Buffer; mimetype: string; filename: string };
  location?: { lat: number; lng: number; description?: string };
  quotedId?: string;
}

/** A map pin, standing in for the map thumbnail WhatsApp sends with a location. */
const PIN_IMAGE =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 24 24">' +
      '<rect width="24" height="24" fill="#e8f0e3"/><path fill="#d93025" d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 ' +
      '7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"/></svg>',
  ).toString('base64');

/** The spec's location body: image, link, optional description, pipe separated. */
export function locationBody(location: { lat: number; lng: number; description?: string }): string {
  const link = `https://maps.google.com/maps?q=${location.lat},${location.lng}&z=17`;
  // A pipe inside the description would read as another field.
  const description = location.description?.replace(/\|/g, '/').trim();
  return [PIN_IMAGE, link, ...(description ? [description] : [])].join('|');
}

export function mediaTypeOf(mimetype: string): MediaType {
  const [kind] = mimetype.toLowerCase().split('/');
  if (kind === 'image' || kind === 'audio' || kind === 'video') return kind;
  return 'application';
}

/** WhatsApp-looking message ids. */
function messageId(): string {
  return `3EB0${randomBytes(10).toString('hex').toUpperCase()}`;
}

const CREDS = { type: 'creds', keyId: 'sandbox' } as const;
/** How long the network remembers what it delivered (for the counts and for recognising a resend). */
const DELIVERY_MEMORY_S = 7 * 24 * 3600;

/**
 * KEYS: sent ids of the connection, messages per number of the company, resends of the company;
 * ARGV: the message id, the number, how long to remember. Answers 1 for a first delivery.
 */
const RECORD_SEND = `
if redis.call('SADD', KEYS[1], ARGV[1]) == 1 then
  redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[3])
  return 1
end
redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], ARGV[3])
return 0`;

/** What the simulated network delivered for a company: the phones' side of every send. */
export interface SandboxDeliveries {
  /** Distinct messages delivered. */
  messages: number;
  /** Numbers that received at least one. */
  recipients: number;
  /** Sends under an id already delivered: WhatsApp's retry, shown once by the phone. */
  resent: number;
  /** Numbers that received more than one distinct message, with how many (at most 100). */
  repeated: { number: string; count: number }[];
}
/** Ids of sent messages remembered for delete-for-everyone. */
const SENT_MEMORY = 5_000;

/**
 * A simulated WhatsApp network: sessions go OPENING → qrcode → CONNECTED when "scanned" through
 * the sandbox routes, inbound messages are injected through them, and outbound messages get acks
 * 1 to 4. The pairing lives in the auth-key table like a real session's creds, so a restart (or
 * another node) resumes a connected sandbox session without a new scan. The set of numbers that are
 * "not on WhatsApp" is kept in Redis when there is one, else in this process.
 */
@Injectable()
export class SandboxProvider implements WhatsappProvider {
  readonly kind = 'sandbox' as const;
  /** `{companyId}:{number}` of the numbers taken off WhatsApp, without Redis. */
  private readonly offlineHere = new Set<string>();
  /** Without Redis: ids delivered per connection, messages per number per company, resends, rate limits. */
  private readonly sentHere = new Map<number, Set<string>>();
  private readonly inboxHere = new Map<number, Map<string, number>>();
  private readonly resentHere = new Map<number, number>();
  private readonly limitedHere = new Map<number, number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis | null,
    @InjectRepository(WhatsappAuthKeyEntity) private readonly keys: Repository<WhatsappAuthKeyEntity>,
    @Inject(SecretBox) private readonly box: SecretBox,
  ) {}

  get ackIntervalMs(): number {
    return this.config.sandboxAckIntervalMs;
  }

  async start(target: SessionTarget, listener: SessionListener): Promise<ProviderSession> {
    const session = new SandboxSession(this, target, listener);
    await session.open();
    return session;
  }

  /** Each company has its own view of who is on WhatsApp: one company's test never changes another's. */
  async setOnWhatsApp(companyId: number, number: string, onWhatsApp: boolean): Promise<void> {
    if (this.redis) {
      const key = this.offlineKey(companyId);
      if (onWhatsApp) await this.redis.srem(key, number);
      else await this.redis.sadd(key, number);
      return;
    }
    if (onWhatsApp) this.offlineHere.delete(`${companyId}:${number}`);
    else this.offlineHere.add(`${companyId}:${number}`);
  }

  async isOnWhatsApp(companyId: number, number: string): Promise<boolean> {
    if (this.redis) return (await this.redis.sismember(this.offlineKey(companyId), number)) === 0;
    return !this.offlineHere.has(`${companyId}:${number}`);
  }

  private offlineKey(companyId: number): string {
    return `${this.config.redisPrefix}:sandbox:offline:${companyId}`;
  }

  private networkKey(kind: 'sent' | 'inbox' | 'resent' | 'limited', id: number): string {
    return `${this.config.redisPrefix}:sandbox:${kind}:${id}`;
  }

  /**
   * The network takes a message: the first time under its id it reaches the phone (counted for the
   * number); again under the same id it is a retry the phone does not show twice. Kept in Redis
   * when there is one, so the count outlives the server process that sent it.
   */
  async recordSend(target: SessionTarget, number: string, providerId: string): Promise<boolean> {
    if (this.redis) {
      // One script, so a process killed mid-way never leaves an id remembered but not counted.
      const first = await this.redis.eval(
        RECORD_SEND,
        3,
        this.networkKey('sent', target.whatsappId),
        this.networkKey('inbox', target.companyId),
        this.networkKey('resent', target.companyId),
        providerId,
        number,
        DELIVERY_MEMORY_S,
      );
      return first === 1;
    }
    const sent = this.sentHere.get(target.whatsappId) ?? new Set<string>();
    this.sentHere.set(target.whatsappId, sent);
    if (sent.has(providerId)) {
      this.resentHere.set(target.companyId, (this.resentHere.get(target.companyId) ?? 0) + 1);
      return false;
    }
    sent.add(providerId);
    const inbox = this.inboxHere.get(target.companyId) ?? new Map<string, number>();
    this.inboxHere.set(target.companyId, inbox);
    inbox.set(number, (inbox.get(number) ?? 0) + 1);
    return true;
  }

  async deliveries(companyId: number): Promise<SandboxDeliveries> {
    let inbox: Map<string, number>;
    let resent: number;
    if (this.redis) {
      const raw = await this.redis.hgetall(this.networkKey('inbox', companyId));
      inbox = new Map(Object.entries(raw).map(([number, count]) => [number, Number(count)]));
      resent = Number((await this.redis.get(this.networkKey('resent', companyId))) ?? 0);
    } else {
      inbox = this.inboxHere.get(companyId) ?? new Map();
      resent = this.resentHere.get(companyId) ?? 0;
    }
    let messages = 0;
    const repeated: { number: string; count: number }[] = [];
    for (const [number, count] of inbox) {
      messages += count;
      if (count > 1 && repeated.length < 100) repeated.push({ number, count });
    }
    return { messages, recipients: inbox.size, resent, repeated };
  }

  /** Forgets what the network delivered for the company (a test or a demo starting over). */
  async clearDeliveries(companyId: number): Promise<void> {
    if (this.redis) {
      await this.redis.del(this.networkKey('inbox', companyId), this.networkKey('resent', companyId));
      return;
    }
    this.inboxHere.delete(companyId);
    this.resentHere.delete(companyId);
  }

  /** WhatsApp answers `rate-overlimit` to the connection's sends for the next `seconds` (0 lifts it). */
  async rateLimit(whatsappId: number, seconds: number): Promise<void> {
    if (this.redis) {
      const key = this.networkKey('limited', whatsappId);
      if (seconds > 0) await this.redis.set(key, '1', 'PX', seconds * 1000);
      else await this.redis.del(key);
      return;
    }
    if (seconds > 0) this.limitedHere.set(whatsappId, Date.now() + seconds * 1000);
    else this.limitedHere.delete(whatsappId);
  }

  async isRateLimited(whatsappId: number): Promise<boolean> {
    if (this.redis) return (await this.redis.exists(this.networkKey('limited', whatsappId))) === 1;
    return (this.limitedHere.get(whatsappId) ?? 0) > Date.now();
  }

  async pairedNumber(whatsappId: number): Promise<string | null> {
    const row = await this.keys.findOneBy({ whatsappId, ...CREDS });
    if (!row) return null;
    return (JSON.parse(openAuthValue(this.box, row)) as { number: string }).number;
  }

  async pair(whatsappId: number, number: string): Promise<void> {
    const value = sealAuthValue(this.box, { whatsappId, ...CREDS }, JSON.stringify({ number }));
    await this.keys.upsert({ whatsappId, ...CREDS, value }, ['whatsappId', 'type', 'keyId']);
  }

  async unpair(whatsappId: number): Promise<void> {
    await this.keys.delete({ whatsappId });
  }
}

export class SandboxSession implements ProviderSession {
  private readonly logger = new Logger('Sandbox');
  private state: 'opening' | 'qrcode' | 'connected' | 'closed' = 'opening';
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sent = new Set<string>();
  /**
   * The phone's address book as the sandbox routes set it, number → name. Kept by the session like
   * Baileys keeps what the phone synced: a restart or a move to another node starts it empty.
   */
  private readonly book = new Map<string, string>();

  constructor(
    private readonly provider: SandboxProvider,
    private readonly target: SessionTarget,
    private readonly listener: SessionListener,
  ) {}

  async open(): Promise<void> {
    await this.listener.session({ kind: 'status', status: 'OPENING', retries: 0 });
    const number = await this.provider.pairedNumber(this.target.whatsappId);
    if (this.state === 'closed') return;
    if (number) {
      this.state = 'connected';
      await this.listener.session({ kind: 'connected', number });
      return;
    }
    this.state = 'qrcode';
    const qrcode = `atendo-sandbox:${this.target.whatsappId}:${randomBytes(16).toString('base64url')}`;
    await this.listener.session({ kind: 'qrcode', qrcode, retries: 0 });
  }

  /** The phone scanned the QR: the session connects as `number`. */
  async scan(number?: string): Promise<{ number: string }> {
    if (this.state === 'connected') {
      return { number: (await this.provider.pairedNumber(this.target.whatsappId)) ?? '' };
    }
    if (this.state !== 'qrcode') throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    const paired = number ?? `5599${String(this.target.whatsappId).padStart(9, '0')}`;
    await this.provider.pair(this.target.whatsappId, paired);
    this.state = 'connected';
    await this.listener.session({ kind: 'connected', number: paired });
    return { number: paired };
  }

  /** A customer writes to the connection. */
  async deliver(input: SandboxInbound): Promise<{ providerId: string }> {
    if (this.state !== 'connected') throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
    const providerId = input.id ?? messageId();
    const chat: PeerRef = { number: input.from, isGroup: false, ...(input.name ? { name: input.name } : {}) };
    const media = input.media;
    let mediaType: MediaType = 'chat';
    let body = input.body ?? '';
    if (input.location) {
      mediaType = 'locationMessage';
      body = locationBody(input.location);
    } else if (media) {
      mediaType = mediaTypeOf(media.mimetype);
      // As WhatsApp shows it: the caption, else the document's file name.
      body = input.body || (mediaType === 'application' ? media.filename : '');
    }
    const message: InboundMessage = {
      whatsappId: this.target.whatsappId,
      companyId: this.target.companyId,
      providerId,
      chat,
      fromMe: false,
      timestamp: new Date(),
      mediaType,
      body,
      ...(media && !input.location
        ? { media: { mimetype: media.mimetype, filename: media.filename, load: async () => media.data } }
        : {}),
      ...(input.quotedId ? { quotedProviderId: input.quotedId } : {}),
    };
    await this.listener.message(message);
    return { providerId };
  }

  sendText(to: PeerRef, _body: string, options?: SendOptions): Promise<SentMessage> {
    return this.send(to, options?.messageId);
  }

  sendMedia(to: PeerRef, _media: OutboundMedia, options?: SendOptions): Promise<SentMessage> {
    return this.send(to, options?.messageId);
  }

  async deleteForEveryone(_to: PeerRef, providerId: string): Promise<void> {
    this.assertConnected();
    // WhatsApp only lets a device revoke what it sent itself.
    if (!this.sent.has(providerId)) throw new Error(`message ${providerId} was not sent by this connection`);
  }

  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    this.assertConnected();
    return { exists: await this.provider.isOnWhatsApp(this.target.companyId, number), number };
  }

  /** The phone's contacts change: `entries` replace the address book. */
  async setAddressBook(entries: AddressBookEntry[]): Promise<{ count: number }> {
    this.assertConnected();
    this.book.clear();
    for (const entry of entries) this.book.set(entry.number, entry.name);
    return { count: this.book.size };
  }

  async addressBook(): Promise<AddressBookEntry[]> {
    this.assertConnected();
    return [...this.book].map(([number, name]) => ({ number, name }));
  }

  async stop(): Promise<void> {
    this.state = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  async logout(): Promise<void> {
    await this.stop();
    await this.provider.unpair(this.target.whatsappId);
  }

  private assertConnected(): void {
    if (this.state !== 'connected') throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
  }

  private async send(to: PeerRef, chosenId?: string): Promise<SentMessage> {
    this.assertConnected();
    if (await this.provider.isRateLimited(this.target.whatsappId)) throw new DomainError('ERR_WAPP_RATE_LIMITED');
    if (!to.isGroup && !(await this.provider.isOnWhatsApp(this.target.companyId, to.number))) {
      throw new DomainError('ERR_WAPP_INVALID_CONTACT');
    }
    const providerId = chosenId ?? messageId();
    const first = await this.provider.recordSend(this.target, to.number, providerId);
    this.sent.add(providerId);
    if (this.sent.size > SENT_MEMORY) this.sent.delete(this.sent.values().next().value as string);
    // A retry of a delivered message gets no new ticks: the phone already has it.
    if (first) this.scheduleAcks(providerId);
    return { providerId, timestamp: new Date() };
  }

  /** Server (1), delivered (2), read (3), played/highlighted (4), a tick at a time. */
  private scheduleAcks(providerId: string): void {
    const interval = this.provider.ackIntervalMs;
    for (const ack of [1, 2, 3, 4] as const) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        // Not awaited, as a phone's receipts do not wait for each other: the pipeline records
        // ticks in batches and only ever moves them forward.
        this.listener
          .change({
            kind: 'ack',
            whatsappId: this.target.whatsappId,
            companyId: this.target.companyId,
            providerId,
            ack,
          })
          .catch((error: unknown) =>
            this.logger.warn(`Ack ${ack} of ${providerId} was not recorded: ${String(error)}`),
          );
      }, interval * ack);
      this.timers.add(timer);
    }
  }
}
