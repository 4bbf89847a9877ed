import type { ConnectionStatus, MediaType } from '@atendo/shared';

/**
 * The seam between the WhatsApp gateway (providers, sessions, connection status) and the
 * conversation pipeline (contacts, tickets, messages). Providers turn their own events into these
 * shapes; the pipeline never sees a provider type, and the gateway never touches a ticket.
 */

/** Who sent or received a message, as the provider knows them. */
export interface PeerRef {
  /** Digits only, with country code ("5511987654321"); for a group, the group id's digits. */
  number: string;
  /** WhatsApp's LID for the person, when the provider saw one; maps to the same contact as the number. */
  lid?: string;
  /** Push name or group subject. */
  name?: string;
  isGroup: boolean;
}

export interface InboundMedia {
  mimetype: string;
  filename?: string;
  /** The bytes, fetched lazily: the pipeline stores them under the company's media folder. */
  load(): Promise<Buffer>;
}

/** One message as it arrived on (or was sent from another device of) a connection. */
export interface InboundMessage {
  whatsappId: number;
  companyId: number;
  /** The provider's message id: unique per connection, so a redelivery is recognised. */
  providerId: string;
  /** The chat: the contact for a 1:1 chat, the group for a group chat. */
  chat: PeerRef;
  /** In a group, the member who wrote; absent in 1:1 chats. */
  participant?: PeerRef;
  /** True when the connection's own phone (or another linked device) sent it. */
  fromMe: boolean;
  timestamp: Date;
  mediaType: MediaType;
  /** Text, caption, the pipe-separated location body, the vcard, or the call-log text. */
  body: string;
  media?: InboundMedia;
  /** Provider id of the message this one replies to. */
  quotedProviderId?: string;
  /** Delivered during the catch-up after a reconnect rather than live. */
  historical?: boolean;
}

/** A change to a message already stored. */
export type MessageChange =
  | { kind: 'ack'; whatsappId: number; companyId: number; providerId: string; ack: 1 | 2 | 3 | 4 | 5 }
  | { kind: 'edit'; whatsappId: number; companyId: number; providerId: string; body: string }
  | { kind: 'revoke'; whatsappId: number; companyId: number; providerId: string };

/** A call the connection received; with the setting `call` disabled it was rejected. */
export interface InboundCall {
  whatsappId: number;
  companyId: number;
  providerId: string;
  from: PeerRef;
  timestamp: Date;
  rejected: boolean;
}

/** Implemented by the conversation pipeline; the gateway calls it for every provider event. */
export interface InboundSink {
  message(message: InboundMessage): Promise<void>;
  change(change: MessageChange): Promise<void>;
  call(call: InboundCall): Promise<void>;
}
export const INBOUND_SINK = Symbol('INBOUND_SINK');

export interface OutboundMedia {
  data: Buffer;
  mimetype: string;
  filename: string;
  /** Caption for images and videos; documents show the file name. */
  caption?: string;
  /** Send audio as a voice note (push-to-talk). */
  voice?: boolean;
}

export interface SendOptions {
  /**
   * The id the message goes out under, chosen before sending. Sending again under the same id is
   * WhatsApp's own retry: the recipient shows the message once. The dispatcher relies on it to
   * resend what a dead worker may or may not have sent.
   */
  messageId?: string;
  quotedProviderId?: string;
  /** For a quoted reply the provider needs the quoted message's text and sender. */
  quoted?: { providerId: string; fromMe: boolean; body: string; participantNumber?: string };
}

export interface SentMessage {
  providerId: string;
  timestamp: Date;
}

/** A person in a connection's WhatsApp address book. */
export interface AddressBookEntry {
  /** The phone number as WhatsApp addresses the person: digits, country code first. */
  number: string;
  /** The name the phone saved, else the person's own push name; may be empty. */
  name: string;
}

/** Implemented by the gateway; the pipeline sends through it. Errors are DomainErrors (ERR_WAPP_*). */
export interface OutboundPort {
  sendText(whatsappId: number, to: PeerRef, body: string, options?: SendOptions): Promise<SentMessage>;
  sendMedia(whatsappId: number, to: PeerRef, media: OutboundMedia, options?: SendOptions): Promise<SentMessage>;
  /** Deletes for everyone a message this connection sent. */
  deleteForEveryone(whatsappId: number, to: PeerRef, providerId: string): Promise<void>;
  /** Whether a number is on WhatsApp; answers the canonical number to use. */
  checkNumber(whatsappId: number, number: string): Promise<{ exists: boolean; number: string }>;
  /** The people the connection's WhatsApp knows (its phone's contacts): no groups, no LID-only entries. */
  addressBook(whatsappId: number): Promise<AddressBookEntry[]>;
}
export const OUTBOUND_PORT = Symbol('OUTBOUND_PORT');

/** What a provider reports about its session, for the connection's status machine. */
export type SessionEvent =
  | { kind: 'status'; status: ConnectionStatus; retries?: number }
  | { kind: 'qrcode'; qrcode: string; retries: number }
  | { kind: 'connected'; number: string }
  | { kind: 'loggedOut' };
