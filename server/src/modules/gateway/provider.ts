import type { ConnectionProvider } from '@atendo/shared';
import type {
  AddressBookEntry,
  InboundCall,
  InboundMessage,
  MessageChange,
  OutboundMedia,
  PeerRef,
  SendOptions,
  SentMessage,
  SessionEvent,
} from './gateway.types.js';

/** What a live session tells the gateway. */
export interface SessionListener {
  session(event: SessionEvent): Promise<void>;
  message(message: InboundMessage): Promise<void>;
  change(change: MessageChange): Promise<void>;
  call(call: InboundCall): Promise<void>;
}

/** The connection as a session needs it. */
export interface SessionTarget {
  whatsappId: number;
  companyId: number;
  /** Company settings the session applies itself: ignore groups, reject calls. */
  ignoreGroups: boolean;
  rejectCalls: boolean;
}

/** One live WhatsApp session of one connection, held by exactly one server process. */
export interface ProviderSession {
  sendText(to: PeerRef, body: string, options?: SendOptions): Promise<SentMessage>;
  sendMedia(to: PeerRef, media: OutboundMedia, options?: SendOptions): Promise<SentMessage>;
  deleteForEveryone(to: PeerRef, providerId: string): Promise<void>;
  checkNumber(number: string): Promise<{ exists: boolean; number: string }>;
  /** The people of the connection's address book, as far as the session knows them. */
  addressBook(): Promise<AddressBookEntry[]>;
  /** Closes the socket, keeping the auth state (the session can resume without a new QR). */
  stop(): Promise<void>;
  /** Signs the device out and wipes the auth state: the next start asks for a new QR. */
  logout(): Promise<void>;
}

/** A kind of connection ("beta" is WhatsApp through Baileys, "sandbox" the simulated network). */
export interface WhatsappProvider {
  readonly kind: ConnectionProvider;
  start(target: SessionTarget, listener: SessionListener): Promise<ProviderSession>;
}
export const WHATSAPP_PROVIDERS = Symbol('WHATSAPP_PROVIDERS');
