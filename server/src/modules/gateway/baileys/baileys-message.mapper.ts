import type { MediaType } from '@atendo/shared';
import {
  extractMessageContent,
  proto,
  toNumber,
  WAMessageStubType,
  type WAMessage,
  type WAMessageContent,
} from '@whiskeysockets/baileys';

/** What a Baileys message shows, before the session attaches peers and the media loader. */
export interface MappedContent {
  mediaType: MediaType;
  body: string;
  /** Present when the message carries a file to download. */
  media?: { mimetype: string; filename?: string };
  quotedProviderId?: string;
}

export type MappedChange = { kind: 'edit'; providerId: string; body: string } | { kind: 'revoke'; providerId: string };

export type Ack = 1 | 2 | 3 | 4 | 5;

const ProtocolType = proto.Message.ProtocolMessage.Type;
const Status = proto.WebMessageInfo.Status;
const CallOutcome = proto.Message.CallLogMessage.CallOutcome;

/** Stub messages Baileys creates for calls nobody answered (it has no content, only the stub type). */
const MISSED_CALL_STUBS = new Map<number, 'voice' | 'video'>([
  [WAMessageStubType.CALL_MISSED_VOICE, 'voice'],
  [WAMessageStubType.CALL_MISSED_VIDEO, 'video'],
  [WAMessageStubType.CALL_MISSED_GROUP_VOICE, 'voice'],
  [WAMessageStubType.CALL_MISSED_GROUP_VIDEO, 'video'],
  [WAMessageStubType.SILENCED_UNKNOWN_CALLER_AUDIO, 'voice'],
  [WAMessageStubType.SILENCED_UNKNOWN_CALLER_VIDEO, 'video'],
]);

/** The message's own content with the ephemeral, view-once, edited and document-caption wrappers removed. */
export function unwrapContent(message: WAMessageContent | null | undefined): WAMessageContent | undefined {
  return extractMessageContent(message) ?? undefined;
}

/** Seconds since the epoch (number or protobuf Long) as a Date; now when WhatsApp gave none. */
export function messageDate(timestamp: WAMessage['messageTimestamp'], now = Date.now()): Date {
  const seconds = timestamp ? toNumber(timestamp) : 0;
  return new Date(seconds > 0 ? seconds * 1000 : now);
}

/** The text a message shows: its text or its caption. */
export function textOf(content: WAMessageContent | undefined): string {
  if (!content) return '';
  return (
    content.conversation ||
    content.extendedTextMessage?.text ||
    content.imageMessage?.caption ||
    content.videoMessage?.caption ||
    content.documentMessage?.caption ||
    ''
  );
}

function quotedIdOf(content: WAMessageContent): string | undefined {
  for (const part of Object.values(content) as unknown[]) {
    const stanzaId = (part as { contextInfo?: proto.IContextInfo | null } | null)?.contextInfo?.stanzaId;
    if (stanzaId) return stanzaId;
  }
  return undefined;
}

function base64(data: Uint8Array | string | null | undefined): string {
  if (!data) return '';
  return typeof data === 'string' ? data : Buffer.from(data).toString('base64');
}

/** The spec's location body: `image|link|description`, the description left out when there is none. */
export function locationBody(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
  thumbnail: Uint8Array | string | null | undefined,
  description: string,
): string {
  const thumb = base64(thumbnail);
  const image = thumb ? `data:image/jpeg;base64,${thumb}` : '';
  const link = `https://maps.google.com/maps?q=${latitude ?? 0},${longitude ?? 0}&z=17`;
  return description ? `${image}|${link}|${description}` : `${image}|${link}`;
}

function callLogBody(kind: 'voice' | 'video', outcome: 'missed' | 'answered' | 'rejected', seconds = 0): string {
  const call = kind === 'video' ? 'Video call' : 'Voice call';
  if (outcome === 'missed') return `Missed ${call.toLowerCase()}`;
  if (outcome === 'rejected') return `${call} rejected`;
  const duration = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return `${call} (${duration})`;
}

function callLogOutcome(outcome: proto.Message.CallLogMessage.CallOutcome | null | undefined) {
  if (outcome === CallOutcome.CONNECTED || outcome === CallOutcome.ACCEPTED_ELSEWHERE) return 'answered';
  if (outcome === CallOutcome.REJECTED) return 'rejected';
  return 'missed';
}

/**
 * The kind, body and media of a message as the help desk shows it, or undefined for what it does
 * not show (reactions, polls, protocol messages, key distribution, group notices, empty stubs).
 */
export function mapContent(message: WAMessage): MappedContent | undefined {
  const content = unwrapContent(message.message);
  if (!content) {
    const missed = message.messageStubType ? MISSED_CALL_STUBS.get(message.messageStubType) : undefined;
    return missed ? { mediaType: 'call_log', body: callLogBody(missed, 'missed') } : undefined;
  }
  if (content.protocolMessage || content.reactionMessage) return undefined;
  const quotedProviderId = quotedIdOf(content);
  const quoted = quotedProviderId ? { quotedProviderId } : {};

  if (content.conversation || content.extendedTextMessage) {
    return { mediaType: 'chat', body: textOf(content), ...quoted };
  }
  if (content.imageMessage) {
    const { caption, mimetype } = content.imageMessage;
    return { mediaType: 'image', body: caption ?? '', media: { mimetype: mimetype || 'image/jpeg' }, ...quoted };
  }
  if (content.stickerMessage) {
    return {
      mediaType: 'image',
      body: '',
      media: { mimetype: content.stickerMessage.mimetype || 'image/webp' },
      ...quoted,
    };
  }
  const video = content.videoMessage ?? content.ptvMessage;
  if (video) {
    return {
      mediaType: 'video',
      body: video.caption ?? '',
      media: { mimetype: video.mimetype || 'video/mp4' },
      ...quoted,
    };
  }
  if (content.audioMessage) {
    // Voice notes (ptt) and audio files are both audio; WhatsApp records voice notes as ogg/opus.
    const mimetype = content.audioMessage.mimetype || 'audio/ogg; codecs=opus';
    return { mediaType: 'audio', body: '', media: { mimetype }, ...quoted };
  }
  if (content.documentMessage) {
    const { caption, fileName, title, mimetype } = content.documentMessage;
    const filename = fileName || title || undefined;
    return {
      mediaType: 'application',
      body: caption || filename || '',
      media: { mimetype: mimetype || 'application/octet-stream', ...(filename ? { filename } : {}) },
      ...quoted,
    };
  }
  if (content.locationMessage) {
    const { degreesLatitude, degreesLongitude, jpegThumbnail, name, address } = content.locationMessage;
    const description = [name, address].filter(Boolean).join('\n');
    return {
      mediaType: 'locationMessage',
      body: locationBody(degreesLatitude, degreesLongitude, jpegThumbnail, description),
      ...quoted,
    };
  }
  if (content.liveLocationMessage) {
    const { degreesLatitude, degreesLongitude, jpegThumbnail, caption } = content.liveLocationMessage;
    return {
      mediaType: 'locationMessage',
      body: locationBody(degreesLatitude, degreesLongitude, jpegThumbnail, caption ?? ''),
      ...quoted,
    };
  }
  if (content.contactMessage) {
    return { mediaType: 'contactMessage', body: content.contactMessage.vcard ?? '', ...quoted };
  }
  if (content.contactsArrayMessage) {
    const vcards = (content.contactsArrayMessage.contacts ?? []).map((c) => c.vcard).filter(Boolean);
    return { mediaType: 'contactMessage', body: vcards.join('\n'), ...quoted };
  }
  if (content.callLogMesssage) {
    const { isVideo, callOutcome, durationSecs } = content.callLogMesssage;
    const seconds = durationSecs ? toNumber(durationSecs) : 0;
    return {
      mediaType: 'call_log',
      body: callLogBody(isVideo ? 'video' : 'voice', callLogOutcome(callOutcome), seconds),
    };
  }
  if (content.call) {
    return { mediaType: 'call_log', body: callLogBody('voice', 'missed') };
  }
  // Answers to a business's buttons and lists are what the customer chose: plain text to the agent.
  const choice =
    content.buttonsResponseMessage?.selectedDisplayText ||
    content.templateButtonReplyMessage?.selectedDisplayText ||
    content.listResponseMessage?.title ||
    content.interactiveResponseMessage?.body?.text;
  if (choice) return { mediaType: 'chat', body: choice, ...quoted };
  return undefined;
}

/** An edit or a revoke carried by a protocol message, the way the other side sends them. */
export function mapChange(message: WAMessage): MappedChange | undefined {
  const protocol = unwrapContent(message.message)?.protocolMessage;
  const providerId = protocol?.key?.id;
  if (!protocol || !providerId) return undefined;
  if (protocol.type === ProtocolType.REVOKE) return { kind: 'revoke', providerId };
  if (protocol.type === ProtocolType.MESSAGE_EDIT) {
    return { kind: 'edit', providerId, body: textOf(unwrapContent(protocol.editedMessage)) };
  }
  return undefined;
}

/**
 * Baileys' `WAMessageStatus` (proto.WebMessageInfo.Status) already counts the way the help desk's
 * ack does: PENDING 1 (sent from this device), SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5.
 * ERROR (0) is not an ack and is dropped.
 */
export function ackFromStatus(status: number | null | undefined): Ack | undefined {
  switch (status) {
    case Status.PENDING:
    case Status.SERVER_ACK:
    case Status.DELIVERY_ACK:
    case Status.READ:
    case Status.PLAYED:
      return status as Ack;
    default:
      return undefined;
  }
}

/** In groups WhatsApp reports delivery per member (`message-receipt.update`) instead of a status. */
export function ackFromReceipt(receipt: proto.IUserReceipt): Ack | undefined {
  if (receipt.playedTimestamp) return Status.PLAYED as Ack;
  if (receipt.readTimestamp) return Status.READ as Ack;
  if (receipt.receiptTimestamp) return Status.DELIVERY_ACK as Ack;
  return undefined;
}
